import type { KeyObject } from 'node:crypto';
import { payloadKeyObject } from './payload-seal.ts';

/** What the keyring needs to know of a host: its id and stored `traffickeypublic`. */
export interface HostKeySource {
  id: string;
  trafficKey: string | null;
}

/** Reads traffic keys from the database (set by the hosts module). */
export interface HostKeyLoader {
  /** The given hosts, in one query; hosts that do not exist are left out. */
  byIds(hostIds: readonly string[]): Promise<HostKeySource[]>;
  /** Every host, once at start-up. */
  all(): Promise<HostKeySource[]>;
}

/** A host's payload key, `plain` for a host without a traffic key (`os: iot`), `none` when it cannot be sealed. */
export type HostKey = KeyObject | 'plain' | 'none';

interface Entry {
  key: HostKey;
  stale: boolean;
}

/**
 * Per-host payload keys for sealing (api-contract §6.3), cached so that a publish to 10,000 hosts costs no
 * database round trip or key setup per message. A registration (the only way a traffic key changes) marks the
 * host's entry stale; stale and missing entries of one burst are reloaded together in one query. A stale entry whose host is gone keeps its key until the
 * host's delete is announced, so the agent still gets its DELETE_HOST message.
 */
export class HostKeyring {
  readonly #entries = new Map<string, Entry>();
  #pending: { ids: Set<string>; done: Promise<void> } | undefined;

  constructor(private readonly load: HostKeyLoader) {}

  /** The key to seal a message to this host with. */
  async keyFor(hostId: string): Promise<HostKey> {
    const entry = this.#entries.get(hostId);
    if (entry && !entry.stale) return entry.key;
    await this.reload(hostId);
    return this.#entries.get(hostId)?.key ?? 'none';
  }

  /** The host's traffic key may have changed (it registered again): reload it before the next use. */
  markStale(hostId: string): void {
    const entry = this.#entries.get(hostId);
    if (entry) entry.stale = true;
  }

  /** The host is gone: drop its key. */
  forget(hostId: string): void {
    this.#entries.delete(hostId);
  }

  /** Loads every host at once (start-up), so a host deleted before any message to it still gets DELETE_HOST. */
  async warm(): Promise<void> {
    this.store([], await this.load.all());
  }

  /** Joins the reload of this tick, so a burst of publishes shares one query. */
  private reload(hostId: string): Promise<void> {
    if (!this.#pending) {
      const ids = new Set<string>();
      const done = Promise.resolve().then(async () => {
        this.#pending = undefined;
        const list = [...ids];
        this.store(list, await this.load.byIds(list));
      });
      this.#pending = { ids, done };
    }
    this.#pending.ids.add(hostId);
    return this.#pending.done;
  }

  private store(requested: readonly string[], found: readonly HostKeySource[]): void {
    for (const source of found) {
      const key = source.trafficKey ? (payloadKeyObject(source.trafficKey) ?? 'none') : 'plain';
      this.#entries.set(source.id, { key, stale: false });
    }
    const seen = new Set(found.map((s) => s.id));
    for (const id of requested) {
      const entry = this.#entries.get(id);
      if (!seen.has(id) && entry) entry.stale = false;
    }
  }
}
