// What other modules may import from the events module (modules/README.md): the in-process bus services announce
// their changes on, built once in app.ts and handed to every module that announces or follows changes.
export { EventBus } from './event-bus.ts';
export type { ChangeListener, ChangeOrigin } from './event-bus.ts';
// The cross-replica link (decision 062), started by the composition root on PostgreSQL.
export { ReplicaRelay, type HintChannel } from './replica-relay.ts';
