import { AccessModel } from '@meshdeck/contracts';
import { afterCommit, isInUnitOfWork } from '../../lib/after-commit.ts';
import type { AccessRepository, NetworkAccessRows } from './access.repository.ts';
import { accessInput } from './access-state.ts';

/** Whether two nodes of a network may be WireGuard peers (what peer computation asks). */
export interface PairAccess {
  reaches(network: string, a: string, b: string): boolean;
  /** What `from` may send to `to` (canonical rules; `['all']` for everything, `[]` for nothing). */
  flow(network: string, from: string, to: string): string[];
  /**
   * Nodes of one class see every other node alike (same reach, same flows), so they may share message bodies;
   * '' in a network without a model.
   */
  classOf(network: string, node: string): string;
}

/**
 * Compiled access models per network, kept until something that decides access changes (policies, tags, the
 * matrix, nodes, clients, the network): peer computation asks for the networks of a batch once and then asks
 * about pairs without touching the database.
 */
export class AccessModels {
  readonly #models = new Map<string, AccessModel | null>();
  /** The rows each model was compiled from (previews start from them instead of reading the network again). */
  readonly #rows = new Map<string, NetworkAccessRows>();
  /** Each network's default access as last read: a network update that flips it changes access. */
  readonly #defaults = new Map<string, boolean>();
  /**
   * How often each network was forgotten or remembered, and every network forgotten at once: a read that began
   * before the latest of these may predate the change behind it, so it is used but not kept.
   */
  readonly #forgotten = new Map<string, number>();
  #forgottenAll = 0;

  /**
   * `caughtUp` (several replicas, decision 062): resolves once other replicas' changes committed before the call
   * have been heard (and so forgotten here); every answer awaits it first.
   */
  constructor(
    private readonly repository: AccessRepository,
    private readonly isPro: boolean,
    private readonly caughtUp: () => Promise<void> | undefined = () => undefined,
  ) {}

  /** The access of these networks; pairs in networks that no longer exist are allowed (nothing to enforce). */
  async forNetworks(networks: Iterable<string>): Promise<PairAccess> {
    await this.caughtUp();
    const models = new Map<string, AccessModel>();
    for (const netid of new Set(networks)) {
      let model = this.#models.get(netid);
      if (model === undefined) model = (await this.load(netid))?.model ?? null;
      if (model) models.set(netid, model);
    }
    return {
      reaches: (network, a, b) => models.get(network)?.reaches(a, b) ?? true,
      flow: (network, from, to) => models.get(network)?.flow(from, to) ?? ['all'],
      classOf: (network, node) => {
        const model = models.get(network);
        if (!model) return '';
        return model.isOverridden(node) ? `#${node}` : model.signatureOf(node);
      },
    };
  }

  /**
   * The network's rows and compiled model as last read (read now when forgotten); undefined for an unknown
   * network. Callers must not change the rows (previews work on a copy).
   */
  async snapshot(netid: string): Promise<{ rows: NetworkAccessRows; model: AccessModel } | undefined> {
    await this.caughtUp();
    const model = this.#models.get(netid);
    const rows = this.#rows.get(netid);
    if (model && rows) return { rows, model };
    return this.load(netid);
  }

  /** Learns every network's default access (at start, before any network is read). */
  async learnDefaults(): Promise<void> {
    for (const [netid, value] of await this.repository.defaults())
      if (!this.#defaults.has(netid)) this.#defaults.set(netid, value);
  }

  /** The network's default access when it was last read (kept across forgetting), if it ever was. */
  lastDefault(netid: string): boolean | undefined {
    return this.#defaults.get(netid);
  }

  #bump(netid: string): void {
    this.#forgotten.set(netid, (this.#forgotten.get(netid) ?? 0) + 1);
  }

  #generation(netid: string): string {
    return `${this.#forgottenAll}.${this.#forgotten.get(netid) ?? 0}`;
  }

  private async load(netid: string) {
    const generation = this.#generation(netid);
    const rows = await this.repository.read(netid);
    // Inside a unit of work (an import) the rows read may never be committed: nothing of them is kept. Nor is a
    // read the network was forgotten during: it may have missed the change (a client created meanwhile would
    // otherwise stay unknown to the model, and so get no peers, until the next change in the network).
    const isKept = !isInUnitOfWork() && this.#generation(netid) === generation;
    if (!rows) {
      if (isKept) this.#models.set(netid, null);
      return undefined;
    }
    const model = new AccessModel(accessInput(rows, this.isPro));
    if (isKept) {
      this.#models.set(netid, model);
      this.#defaults.set(netid, rows.defaultAllow);
      this.#rows.set(netid, rows);
    }
    return { rows, model };
  }

  /**
   * Keeps the rows and model a save just wrote (they are the network as stored now). Inside a unit of work they
   * are not stored yet: the network is forgotten instead, now and again after COMMIT (a model another caller
   * read meanwhile predates the unit of work).
   */
  remember(netid: string, rows: NetworkAccessRows, model: AccessModel): void {
    if (isInUnitOfWork()) {
      this.forget(netid);
      afterCommit(() => this.forget(netid));
      return;
    }
    this.#bump(netid);
    this.#models.set(netid, model);
    this.#rows.set(netid, rows);
    this.#defaults.set(netid, rows.defaultAllow);
  }

  /** Forgets one network's model, or every model when `netid` is undefined. */
  forget(netid?: string): void {
    if (netid === undefined) {
      this.#forgottenAll += 1;
      this.#models.clear();
      this.#rows.clear();
    } else {
      this.#bump(netid);
      this.#models.delete(netid);
      this.#rows.delete(netid);
    }
  }
}
