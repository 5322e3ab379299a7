// What other modules may import from the enrollment-keys module (modules/README.md): a key's row, what it joins,
// and whether it may still be used (registration checks it inside the hosts store's transaction).
export type { EnrollmentKeyRow } from './enrollment-keys.repository.ts';
export { keyGroups, keyNetworks } from './enrollment-keys.presenter.ts';
export { keyRefusal, refusalMessage } from './key-rules.ts';
