import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { ListPage } from '@meshdeck/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { nextTurn } from './next-turn.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Bodies below this go out uncompressed (as in plugins/transfer.ts). */
const COMPRESS_THRESHOLD = 1024;
/**
 * Above this, compression takes the fastest levels: on the 40 MB lean list of 100,000 nodes brotli 1 took 134 ms
 * against 650 ms at quality 4 for a body 1% larger (ids and keys are random, so higher levels find little more).
 * Smaller lists keep quality 4: a 1 MiB threshold (issue 18) saved ~100 ms once per console list version but made
 * the 9 MB GET /api/nodes 12% larger (487 -> 544 KiB), and its p99 under 50 clients 358 -> 384 ms (`npm run bench`).
 */
const LARGE_BODY = 16 * 1024 * 1024;

/**
 * `fast`: the fastest levels at any size, for answers that barely compress better at higher levels. The console's
 * lean lists are mostly random ids and keys: at 10,000 rows brotli 1 made 538 KiB in 21 ms against 533 KiB in
 * 71 ms at quality 4, and a list is built at most once per cache lifetime, on the path of a page's first rows.
 */
export type CompressionLevel = 'default' | 'fast';

function compress(json: Buffer, encoding: 'br' | 'gzip', level: CompressionLevel): Promise<Buffer> {
  const isFast = level === 'fast' || json.length > LARGE_BODY;
  if (encoding === 'gzip') return gzip(json, { level: isFast ? 1 : zlib.constants.Z_DEFAULT_COMPRESSION });
  return brotli(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: isFast ? 1 : 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
}

/** Rows serialised per turn of the event loop by `listJson`: ~1.7 MB of JSON, ~30 ms of CPU. */
const ROWS_PER_SLICE = 5000;

/**
 * A list page as UTF-8 JSON, serialised a slice of rows per turn of the event loop. Serialising and encoding
 * 100,000 rows (~34 MB) in one go blocked the loop for ~0.9 s: the console's first rows (`limit`), cut from the
 * same cached rows, the page's code chunks and every agent's check-in waited behind it.
 */
export async function listJson(page: ListPage<unknown>): Promise<Buffer> {
  const parts = [Buffer.from(`{"total":${page.total},"offset":${page.offset},"items":[`)];
  for (let start = 0; start < page.items.length; start += ROWS_PER_SLICE) {
    await nextTurn();
    const rows = JSON.stringify(page.items.slice(start, start + ROWS_PER_SLICE));
    parts.push(Buffer.from(`${start === 0 ? '' : ','}${rows.slice(1, -1)}`));
  }
  parts.push(Buffer.from(']}'));
  return Buffer.concat(parts);
}

interface Entry {
  expiresAt: number;
  value: Promise<{ json: Buffer; etag: string }>;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (header ?? '').split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * Shared answers for big, everyone-sees-the-same list routes (GET /api/nodes is ~9 MB at 10,000 nodes): the body
 * is built, serialised, hashed and compressed once per data version, and concurrent readers share that work
 * instead of each paying it. Any write to the data behind the lists invalidates (`invalidate`) and the next reader
 * waits for the new answer. Values derived from the clock (node status, last check-in, which check-ins update
 * without a change event) are read again after `maxAgeMs`: readers meanwhile still get the expired answer until
 * the new one is ready (one build), so a steady stream of readers never queues behind a rebuild; what they see is
 * then at most `maxAgeMs` plus one build old. An answer unread for twice `maxAgeMs` is dropped, so the cache holds
 * at most one answer per list (and its successor while that builds) and only while it is being read: its size
 * follows the data, not the number of reads.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #values = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  /** Expired answers whose successor is being built (each starts one build only). */
  readonly #refreshing = new WeakSet<object>();

  /**
   * `caughtUp`, with several replicas (decision 062): resolves once every change committed anywhere before the
   * call has invalidated this cache; a read awaits it first, so it never gets an answer from before a write that
   * another replica acknowledged. Undefined (one process) costs nothing.
   */
  constructor(
    private readonly maxAgeMs = 5000,
    private readonly caughtUp: () => Promise<void> | undefined = () => undefined,
  ) {}

  /** Drops every cached answer and value (called on any node, host or network change). */
  invalidate(): void {
    this.#entries.clear();
    this.#values.clear();
  }

  /**
   * The value behind several answers (a console list's rows, which the whole-list answer and each filtered page
   * are cut from), built once per data version like an answer: concurrent readers share one build, and a failed
   * build is not kept. Readers must not change it.
   */
  value<T>(key: string, produce: () => Promise<T>): Promise<T> {
    const caughtUp = this.caughtUp();
    return caughtUp ? caughtUp.then(() => this.currentValue(key, produce)) : this.currentValue(key, produce);
  }

  private currentValue<T>(key: string, produce: () => Promise<T>): Promise<T> {
    // Never served expired: an answer rebuilt from expired rows would be as old as they are.
    return this.remember(this.#values, key, { isStaleServed: false }, (expiresAt) => ({
      expiresAt,
      value: produce(),
    })).value as Promise<T>;
  }

  /** Answers from the cached body for `key` (building it with `produce` when missing or expired). */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<string | Buffer>,
    level: CompressionLevel = 'default',
  ): Promise<void> {
    const caughtUp = this.caughtUp();
    if (caughtUp) await caughtUp;
    const entry = this.entry(key, produce);
    const { json, etag } = await entry.value;
    // With etag and content-encoding set, the etag and compress plugins leave this answer alone (304s still work).
    reply.header('etag', etag).header('vary', 'accept-encoding').type('application/json; charset=utf-8');
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (
      encoding === undefined ||
      json.length < COMPRESS_THRESHOLD ||
      request.headers['if-none-match'] === etag
    ) {
      void reply.send(json);
      return;
    }
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded = compress(json, encoding, level);
      entry.encoded.set(encoding, encoded);
    }
    const bytes = await encoded;
    void reply.header('content-encoding', encoding).send(bytes);
  }

  private entry(key: string, produce: () => Promise<string | Buffer>): Entry {
    return this.remember(this.#entries, key, { isStaleServed: true }, (expiresAt) => ({
      expiresAt,
      // The ETag hashes the UTF-8 bytes already made for sending: hashing the string would encode all of it a
      // second time (40 MB at 100,000 nodes).
      value: produce().then((text) => {
        const json = typeof text === 'string' ? Buffer.from(text) : text;
        return { json, etag: `W/"${createHash('sha1').update(json).digest('base64url')}"` };
      }),
      encoded: new Map(),
    }));
  }

  /**
   * The unexpired entry of `map` for `key`, or a new one from `create`. With `isStaleServed`, an entry past its
   * age is still returned while its successor builds, and replaced once that is ready; an invalidation in between
   * discards the successor (it may predate the change). An entry is dropped when its value fails, or when it was
   * not replaced for twice its age (or once, if never served stale), so the map holds at most one entry per key,
   * and only while it is being read.
   */
  private remember<E extends { expiresAt: number; value: Promise<unknown> }>(
    map: Map<string, E>,
    key: string,
    { isStaleServed }: { isStaleServed: boolean },
    create: (expiresAt: number) => E,
  ): E {
    const cached = map.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached;
    if (cached && isStaleServed) {
      if (!this.#refreshing.has(cached)) {
        this.#refreshing.add(cached);
        const next = create(Date.now() + this.maxAgeMs);
        next.value.then(
          () => {
            if (map.get(key) === cached) this.keep(map, key, next, isStaleServed);
          },
          () => undefined,
        );
      }
      return cached;
    }
    return this.keep(map, key, create(Date.now() + this.maxAgeMs), isStaleServed);
  }

  private keep<E extends { expiresAt: number; value: Promise<unknown> }>(
    map: Map<string, E>,
    key: string,
    entry: E,
    isStaleServed: boolean,
  ): E {
    map.set(key, entry);
    const drop = () => {
      if (map.get(key) === entry) map.delete(key);
    };
    setTimeout(drop, isStaleServed ? 2 * this.maxAgeMs : this.maxAgeMs).unref();
    entry.value.catch(drop);
    return entry;
  }
}
