// The routing forms in one lazily loaded module (see lazy-dialogs.tsx): imported from here only, they stay out of
// the console's shared chunk, which the dashboard downloads too (decision 025).
export { EgressDialog } from './egress-dialog.tsx';
export { InternetGatewayDialog } from './internet-gateway-dialog.tsx';
export { RelayDialog } from './relay-dialog.tsx';
