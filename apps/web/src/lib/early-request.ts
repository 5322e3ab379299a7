import { DEFAULT_API_PATH } from './constants.ts';
import { STORAGE_KEYS, storage } from './storage-keys.ts';

/**
 * Deep links to the big list pages start their list request from the entry chunk (issue 18): without it the
 * request waits for the app's chunks, the language, the router's guards and the page's loader, about half a
 * second on a loaded machine, while the server could already be answering. The API client takes the pending
 * answer (once, for the same URL and token) instead of asking again.
 */
interface EarlyRequest {
  token: string;
  response: Promise<Response>;
}

const pending = new Map<string, EarlyRequest>();

/** An unclaimed answer (the guard sent the visitor elsewhere) is dropped rather than kept in memory. */
const UNCLAIMED_MS = 30_000;

/** The list path (relative to the API base) a page's URL reads first, or undefined for any other page. */
export function earlyListPath(pathname: string): string | undefined {
  if (/\/devices\/?$/.test(pathname)) return 'console/hosts';
  const nodes = /\/networks\/([^/]+)\/nodes\/?$/.exec(pathname)?.[1];
  if (nodes === undefined) return undefined;
  try {
    // The same encoding as the node list's own request, so the URLs compare equal.
    return `console/nodes/${encodeURIComponent(decodeURIComponent(nodes))}`;
  } catch {
    return undefined;
  }
}

/** The full URL the API client builds for `path` (same base, same trailing-slash rule). */
export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/**
 * Starts the requests the page at `pathname` waits for before its rows when a session token is stored: its
 * list, and for a network's page the network list its route guard checks the id against. No-op otherwise.
 */
export function startEarlyListRequest(pathname: string): void {
  const list = earlyListPath(pathname);
  const token = storage.get(STORAGE_KEYS.token);
  if (!list || !token || typeof fetch !== 'function') return;
  const base = storage.get(STORAGE_KEYS.baseUrl) ?? DEFAULT_API_PATH;
  for (const path of list.startsWith('console/nodes/') ? [list, 'networks'] : [list]) {
    const url = apiUrl(base, path);
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // A failure is reported by the normal request that takes its place, not here.
    response.catch(() => undefined);
    pending.set(url, { token, response });
    setTimeout(() => pending.delete(url), UNCLAIMED_MS);
  }
}

/** The early answer for a GET of `url` sent with `token`, at most once; undefined when there is none. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = pending.get(url);
  if (!early) return undefined;
  pending.delete(url);
  return early.token === token ? early.response : undefined;
}
