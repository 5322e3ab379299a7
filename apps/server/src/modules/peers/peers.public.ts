// What other modules may import from the peers module (modules/README.md): the peer engine app.ts builds once
// (per-host update queue, update builder, versions) and the messenger for one host's messages.
export type { HostMessenger } from './host-messages.ts';
export type { HostChange } from './peer-changes.ts';
export type { PeerUpdateBuilder } from './peer-publisher.ts';
export type { PeerUpdateQueue } from './peer-update-queue.ts';
export type { PeerVersions } from './peer-versions.ts';
export type { PeerEngine } from './peers.module.ts';
