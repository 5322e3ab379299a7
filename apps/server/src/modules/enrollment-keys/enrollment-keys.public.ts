// What other modules may import from the enrollment-keys module (modules/README.md): a key's row, what it joins,
// whether it may still be used, and the key uses a registration takes inside its unit of work.
import type { EnrollmentKeyRow } from './enrollment-keys.repository.ts';

export type { EnrollmentKeyRow };

/** What registration reads of keys and takes from them; calls join the caller's unit of work (decision 059). */
export interface EnrollmentKeyUses {
  findByValue(value: string): Promise<EnrollmentKeyRow | undefined>;
  /** Takes one use atomically; false when none was left (another registration took the last). */
  takeUse(value: string): Promise<boolean>;
}
export { keyGroups, keyNetworks } from './enrollment-keys.presenter.ts';
export { keyRefusal, refusalMessage } from './key-rules.ts';
