import fs from 'node:fs/promises';
import type { KeyObject } from 'node:crypto';
import { ZERO_TIME } from '@meshdeck/contracts';
import { forbidden } from '../../lib/api-error.ts';
import {
  verifyLicenseToken,
  type LicenseLimitKind,
  type LicensePayload,
  type LicenseVerdict,
} from './license-token.ts';
import type { LicenseStatus } from './licenses.public.ts';
import type { LicensesRepository } from './licenses.repository.ts';

/** Days a Pro server without a licence runs as a trial, counted from its first start as Pro (spec §4). */
export const TRIAL_DAYS = 14;
/** The spec's wording (§4 "Server-health dialog"): the console shows its trial-ended view for exactly this text. */
export const TRIAL_ENDED = 'your trial has ended';
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/** The 403 of a full limit, naming it. */
function refuseWhenFull(kind: LicenseLimitKind, max: number, count: number): void {
  if (count >= max)
    throw forbidden(
      `license limit reached: this license allows at most ${max} ${kind} and ${count} exist; remove one or extend the license`,
    );
}

/** Where the licence comes from: LICENSE_KEY (the token itself) or LICENSE_FILE (a file holding it). */
export interface LicenseSource {
  key: string | undefined;
  file: string | undefined;
}

/** Where the licence of this server stands: a trial, a verified licence, or a licence that failed. */
type LicenseStanding =
  | { kind: 'community' }
  | { kind: 'trial'; endsAt: Date }
  | { kind: 'licensed'; token: string; payload: LicensePayload }
  | { kind: 'refused'; message: string };

/**
 * The licence state (issue 33, decision 041): community has none; Pro without a licence runs a 14-day trial
 * stored in the database; Pro with a licence verifies it offline and enforces its limits. No HTTP, no SQL.
 */
export class LicensesService {
  private standing: LicenseStanding = { kind: 'community' };

  constructor(
    private readonly isPro: boolean,
    private readonly source: LicenseSource,
    private readonly publicKey: KeyObject,
    private readonly repository: LicensesRepository,
    private readonly now: () => Date = () => new Date(),
    private readonly onProblem: (message: string, detail?: unknown) => void = () => undefined,
  ) {}

  /** Reads the licence (or starts the trial) at start; call again to re-validate after the file changed. */
  async load(): Promise<LicenseStatus> {
    if (!this.isPro) return this.status();
    const token = await this.readToken();
    if (token === null) {
      const startedAt = Date.parse(await this.repository.trialStartedAt(this.now()));
      // An unreadable stored start fails closed (the trial counts as over) rather than running forever.
      if (Number.isNaN(startedAt)) this.onProblem('the stored Pro trial start is not a time');
      const endsAt = new Date(Number.isNaN(startedAt) ? 0 : startedAt + TRIAL_DAYS * MS_PER_DAY);
      this.standing = { kind: 'trial', endsAt };
    } else if (typeof token === 'object') {
      this.standing = { kind: 'refused', message: token.message };
    } else {
      this.standing = this.judge(token, verifyLicenseToken(token, this.publicKey, this.now()));
    }
    if (this.status().licenseError !== '') this.onProblem(this.status().licenseError);
    return this.status();
  }

  /** The status fields at this moment: a trial ends and a licence expires without a restart. */
  status(): LicenseStatus {
    const off = { isOnTrial: false, trialEndDate: ZERO_TIME };
    const standing = this.standing;
    switch (standing.kind) {
      case 'community':
        return { isPro: false, licenseError: '', ...off };
      case 'trial': {
        const isOver = standing.endsAt.getTime() <= this.now().getTime();
        return {
          isPro: true,
          licenseError: isOver ? TRIAL_ENDED : '',
          isOnTrial: true,
          trialEndDate: standing.endsAt.toISOString(),
        };
      }
      case 'licensed': {
        // Expiry is checked on every read, so a licence that runs out mid-run is refused from that moment.
        const verdict = verifyLicenseToken(standing.token, this.publicKey, this.now());
        return { isPro: true, licenseError: verdict.ok ? '' : verdict.message, ...off };
      }
      case 'refused':
        return { isPro: true, licenseError: standing.message, ...off };
    }
  }

  /** The licence's limit on `kind`, or null when nothing limits it (no licence, a trial, or unlimited). */
  limitOf(kind: LicenseLimitKind): number | null {
    return this.standing.kind === 'licensed' ? this.standing.payload.limits[kind] : null;
  }

  /**
   * Throws a 403 naming the limit when the licence allows no more of `kind`. The routes' early check; it races
   * with concurrent creates, which `reserve` inside the inserting transaction does not.
   */
  async assertRoom(kind: LicenseLimitKind): Promise<void> {
    const max = this.limitOf(kind);
    if (max === null) return;
    refuseWhenFull(kind, max, await this.repository.count(kind));
  }

  /**
   * The limit check of an insert, with `inTransaction` bound to the inserting transaction: waits for the other
   * inserts of `kind` to commit, counts, and throws the same 403 when there is no room (decision 049).
   */
  async reserve(inTransaction: LicensesRepository, kind: LicenseLimitKind): Promise<void> {
    const max = this.limitOf(kind);
    if (max === null) return;
    refuseWhenFull(kind, max, await inTransaction.lockAndCount(kind));
  }

  /** True when a host of this id is registered already, so its re-registration adds nothing to count. */
  hostExists(id: string): Promise<boolean> {
    return this.repository.hostExists(id);
  }

  private judge(token: string, verdict: LicenseVerdict): LicenseStanding {
    return verdict.ok
      ? { kind: 'licensed', token, payload: verdict.payload }
      : { kind: 'refused', message: verdict.message };
  }

  /** The configured token, null when none is configured, or the reason the file cannot be read. */
  private async readToken(): Promise<string | null | { message: string }> {
    if (this.source.key !== undefined) return this.source.key;
    if (this.source.file === undefined) return null;
    try {
      return (await fs.readFile(this.source.file, 'utf8')).trim();
    } catch (error) {
      // The status answer is public: the reason names no path; the log has the details.
      this.onProblem(`license file ${this.source.file} cannot be read`, error);
      return { message: 'license file cannot be read (see the server log)' };
    }
  }
}
