import { releaseFeedSchema, type UpgradeCheck } from '@meshdeck/contracts';
import semver from 'semver';

/** The feed is read at start and then every six hours; a release is rarely more urgent than that. */
export const UPGRADE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;
const FEED_TIMEOUT_MS = 10_000;
/** A feed is a short list; anything bigger is not one. */
const FEED_MAX_BYTES = 1024 * 1024;

interface Latest {
  version: string;
  url: string;
}

/** The newest stable release of a feed (pre-releases and versions that are not semver are skipped). */
export function newestRelease(feed: unknown): Latest | undefined {
  const parsed = releaseFeedSchema.safeParse(feed);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `the feed is not in the documented form (${issue?.path.join('.') || 'body'}: ${issue?.message})`,
    );
  }
  let best: Latest | undefined;
  for (const release of parsed.data.releases) {
    const version = semver.valid(semver.clean(release.version) ?? '');
    if (!version || semver.prerelease(version)) continue;
    if (!best || semver.gt(version, best.version)) best = { version, url: release.url ?? '' };
  }
  return best;
}

const TOO_LARGE = 'the feed is larger than 1 MiB';

/**
 * Reads at most FEED_MAX_BYTES of the feed: a declared larger length is refused before the body, and a body that
 * goes on past it is refused at the first chunk over, the request aborted so the connection is closed and nothing
 * more is received (issue 38: reading the whole answer first took the server to gigabytes).
 */
async function readFeed(url: string): Promise<unknown> {
  const abort = new AbortController();
  const response = await fetch(url, {
    signal: AbortSignal.any([abort.signal, AbortSignal.timeout(FEED_TIMEOUT_MS)]),
    headers: { accept: 'application/json' },
    redirect: 'follow',
  });
  try {
    if (!response.ok) throw new Error(`the feed answered HTTP ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > FEED_MAX_BYTES) throw new Error(TOO_LARGE);
    const chunks: Uint8Array[] = [];
    let received = 0;
    const body = response.body as ReadableStream<Uint8Array> | null;
    for await (const chunk of body ?? []) {
      received += chunk.byteLength;
      if (received > FEED_MAX_BYTES) throw new Error(TOO_LARGE);
      chunks.push(chunk);
    }
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    } catch {
      throw new Error('the feed is not JSON');
    }
  } finally {
    // Whatever is still unread is not wanted: hang up instead of draining it.
    abort.abort();
  }
}

/**
 * The upgrade check (spec §4, community self-hosted): reads the release feed RELEASES_URL names, keeps the
 * newest stable version and compares it with this server's version. Off when no feed is configured or the
 * console is hosted (the hosted operator upgrades tenants, not the tenant's admin).
 */
export class UpgradeChecker {
  private result: Omit<UpgradeCheck, 'enabled' | 'current_version'> = {
    latest_version: '',
    is_newer: false,
    release_url: '',
    checked_at: '',
    error: '',
  };
  private inFlight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly feedUrl: string | undefined,
    private readonly currentVersion: string,
  ) {}

  get isEnabled(): boolean {
    return this.feedUrl !== undefined;
  }

  /** Reads the feed now and then on the interval; the timer never keeps the process alive. */
  start(): void {
    if (!this.isEnabled) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), UPGRADE_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Reads the feed once (a read already under way is shared); a failure keeps the last good answer. */
  refresh(): Promise<void> {
    const url = this.feedUrl;
    if (url === undefined) return Promise.resolve();
    this.inFlight ??= (async () => {
      try {
        const latest = newestRelease(await readFeed(url));
        const current = semver.clean(this.currentVersion) ?? '0.0.0';
        this.result = {
          latest_version: latest?.version ?? '',
          is_newer: latest !== undefined && semver.gt(latest.version, current),
          release_url: latest?.url ?? '',
          checked_at: new Date().toISOString(),
          error: '',
        };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        this.result = { ...this.result, checked_at: new Date().toISOString(), error: reason };
      } finally {
        this.inFlight = undefined;
      }
    })();
    return this.inFlight;
  }

  /** The last result; before the first read has finished, waits for it so the console never sees a blank. */
  async current(): Promise<UpgradeCheck> {
    if (this.isEnabled && this.result.checked_at === '') await (this.inFlight ?? this.refresh());
    return { enabled: this.isEnabled, current_version: this.currentVersion, ...this.result };
  }
}
