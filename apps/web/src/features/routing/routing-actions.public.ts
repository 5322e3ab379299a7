// The routing feature's node menu actions (its dialogs load on first opening), on their own so a table that only
// shows roles (routing.public.ts) does not load the actions with it.
export { useRoutingActions } from './components/use-routing-actions.tsx';
