// What other modules may import from the licenses module (modules/README.md).

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
}
