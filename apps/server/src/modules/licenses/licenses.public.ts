// What other modules may import from the licenses module (modules/README.md).
import type { LicenseTransaction } from './licenses.repository.ts';

/** The licence fields of GET /api/server/status (api-contract §2.1), computed at the time of the call. */
export interface LicenseStatus {
  isPro: boolean;
  /** '' when the licence (or the trial) is in force; otherwise the reason, e.g. "your trial has ended". */
  licenseError: string;
  isOnTrial: boolean;
  /** ISO time the trial ends; the contract's zero time when not on a trial. */
  trialEndDate: string;
}

/** The licence state, as the server module reads it for its status answer. */
export interface Licensing {
  status(): LicenseStatus;
  /** The limits the inserting services check inside their units of work. */
  limits: LicenseLimits;
}

/** What a licence limit counts: one row per host, user or network. */
export type LimitedResource = 'hosts' | 'users' | 'networks';

/**
 * A licence's limits, checked where the row is inserted (decision 049): the route-level check answers early, but
 * only a check inside the inserting transaction, serialised with every other insert of the same kind, holds
 * under concurrent creates.
 */
export interface LicenseLimits {
  /**
   * Inside the caller's unit of work (or `trx`, a transaction it opened itself), before inserting one `kind`: waits
   * for any other transaction that reserved the same kind to end, counts, and throws a 403 naming the limit when the
   * licence allows no more. Does nothing without a limit.
   */
  reserve(kind: LimitedResource, trx?: LicenseTransaction): Promise<void>;
}

/** No licence limit: the Community edition, and services built without a licence (tests, seeding). */
export const NO_LICENSE_LIMITS: LicenseLimits = { reserve: async () => undefined };
