import type { ChangeEvent } from '@meshdeck/contracts';
import type { AccessWriter, NetworkAccessRows } from './access.repository.ts';

/**
 * A change to one network's access, planned on its rows: `apply` changes the in-memory rows (so the change can be
 * previewed) and returns the writes that make it real (run only when saving).
 */
export type AccessPlan<T> = (rows: NetworkAccessRows) => {
  result: T;
  write: (writer: AccessWriter) => Promise<void>;
  events: ChangeEvent[];
  /** Checks that must hold outright after the change (a new check), not only stay as good as before. */
  newChecks?: string[];
};
