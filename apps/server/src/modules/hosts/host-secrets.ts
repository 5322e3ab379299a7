import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Host secrets are random strings the agent generates (24 random bytes in Meshdeck's agent, 32 characters in
 * netclient), not human passwords: guessing them is hopeless whatever the hash costs, so a light argon2id setting
 * is enough (the reference server uses bcrypt cost 5). User passwords keep the library's default, heavier cost.
 */
const HOST_SECRET_COST = { memoryCost: 1024, timeCost: 2, parallelism: 1 };

/** Entries kept at most; one per host that authenticated since start, so this follows the number of hosts. */
const MAX_ENTRIES = 200_000;

const digest = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * Hashes and checks host secrets, paying argon2 once per host and secret: after a successful hash or check, the
 * secret's SHA-256 is remembered next to the stored hash it matched, so the broker login and token refreshes that
 * follow a join compare digests instead of hashing again. A changed stored hash (re-created host) misses the cache.
 */
export class HostSecrets {
  readonly #known = new Map<string, { stored: string; digest: Buffer }>();

  /** Hashes a new host's secret (argon2id, light cost) and remembers it as verified. */
  async hash(hostId: string, secret: string): Promise<string> {
    const stored = await hash(secret, HOST_SECRET_COST);
    this.remember(hostId, stored, secret);
    return stored;
  }

  /** True when `secret` matches the host's stored hash; argon2 runs only when this pair was not verified before. */
  async verify(hostId: string, stored: string, secret: string): Promise<boolean> {
    const known = this.#known.get(hostId);
    if (known && known.stored === stored) return timingSafeEqual(known.digest, digest(secret));
    const ok = await verify(stored, secret).catch(() => false);
    if (ok) this.remember(hostId, stored, secret);
    return ok;
  }

  /** Drops a deleted host. */
  forget(hostId: string): void {
    this.#known.delete(hostId);
  }

  private remember(hostId: string, stored: string, secret: string): void {
    if (this.#known.size >= MAX_ENTRIES) this.#known.delete(this.#known.keys().next().value ?? '');
    this.#known.set(hostId, { stored, digest: digest(secret) });
  }
}
