import { Suspense, lazy, type ComponentProps, type ComponentType } from 'react';
import type * as Dialogs from './routing-dialogs.ts';

const load = () => import('./routing-dialogs.ts');
const Relay = lazy(() => load().then((m) => ({ default: m.RelayDialog })));
const Egress = lazy(() => load().then((m) => ({ default: m.EgressDialog })));
const InternetGateway = lazy(() => load().then((m) => ({ default: m.InternetGatewayDialog })));

/** Mounts a lazily loaded dialog only while it is open, so its code downloads on first use. */
function whenOpened<P extends { opened: boolean }>(Dialog: ComponentType<P>) {
  return function LazyDialog(props: P) {
    if (!props.opened) return null;
    return (
      <Suspense>
        <Dialog {...props} />
      </Suspense>
    );
  };
}

/**
 * The relay, egress and internet-gateway forms, loaded when first opened: the node menu (on the nodes page's first
 * screen) and the routing pages open them, and the forms are needed by neither first paint.
 */
export const RelayDialog = whenOpened<ComponentProps<typeof Dialogs.RelayDialog>>(Relay);
export const EgressDialog = whenOpened<ComponentProps<typeof Dialogs.EgressDialog>>(Egress);
export const InternetGatewayDialog =
  whenOpened<ComponentProps<typeof Dialogs.InternetGatewayDialog>>(InternetGateway);
