import { DEFAULT_API_PATH } from './constants.ts';
import { searchText } from './search-fields.ts';
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
  /** The first rows' answer, once it has arrived and been read (a successful one only). */
  body?: { value: unknown };
}

const pending = new Map<string, EarlyRequest>();

/** An unclaimed answer (the guard sent the visitor elsewhere) is dropped rather than kept in memory. */
const UNCLAIMED_MS = 30_000;

/**
 * Rows a list page's first request asks for (`limit`), cut by the server from its cached list with the URL's
 * filters and sort: a screenful and more, on screen while every row downloads (issue 18: at 100,000 rows the
 * whole list is ~34 MB of JSON, seconds of serialising, downloading and parsing).
 */
export const FIRST_ROWS = 100;

/** The filters a list page's server query carries, from its URL state (unset and empty ones left out). */
export type ListFilters = Record<string, string | undefined>;

/**
 * Which of a list page's URL parameters filter or sort its rows on the server: the nodes page's search, status,
 * type and sort; the devices page's search, status and sort, or only its search on the access tab.
 */
export function serverFilters(list: 'nodes' | 'hosts', search: ListFilters): ListFilters {
  if (list === 'nodes')
    return { search: search.search, status: search.status, type: search.type, sort: search.sort };
  if (search.tab === 'access') return { search: search.search };
  return { search: search.search, status: search.status, sort: search.sort };
}

/**
 * The query of a list's first rows: the filters in a fixed key order, then the limit, so the page's request and
 * the entry's early one build the same URL.
 */
export function firstRowsQuery(filters: ListFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of Object.keys(filters).sort()) {
    const value = filters[key];
    if (value !== undefined && value.trim() !== '') query[key] = value;
  }
  query.limit = String(FIRST_ROWS);
  return query;
}

/**
 * A page URL's search parameters as the router reads them: it stores values as JSON where plain text would be
 * ambiguous (`?search=%22123%22`), and the pages read scalars back as text (lib/search-fields.ts).
 */
export function readUrlSearch(search: string): ListFilters {
  const values: ListFilters = {};
  for (const [key, raw] of new URLSearchParams(search)) {
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // Plain text.
    }
    values[key] = searchText(value) ?? raw;
  }
  return values;
}

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
 * Starts the requests the page at `pathname` (with the URL search `search`) waits for before its rows when a
 * session token is stored: its first rows, and for a network's page the network list its route guard checks the
 * id against. No-op otherwise. The whole list is not among them: the page asks for it once the first rows have
 * painted (useList), so it does not compete with the page's start-up.
 */
export function startEarlyListRequest(pathname: string, search = ''): void {
  const list = earlyListPath(pathname);
  const token = storage.get(STORAGE_KEYS.token);
  if (!list || !token || typeof fetch !== 'function') return;
  const base = storage.get(STORAGE_KEYS.baseUrl) ?? DEFAULT_API_PATH;
  const isNodes = list.startsWith('console/nodes/');
  const first = new URLSearchParams(
    firstRowsQuery(serverFilters(isNodes ? 'nodes' : 'hosts', readUrlSearch(search))),
  );
  const firstRows = `${list}?${first.toString()}`;
  for (const path of [firstRows, ...(isNodes ? ['networks'] : [])]) {
    const url = apiUrl(base, path);
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    const early: EarlyRequest = { token, response };
    // The first rows are read as they arrive (100 rows, well before the app's chunks have run), so the page's
    // first render can show them (takeEarlyBody) instead of rendering an empty table and then the rows.
    if (path === firstRows)
      response
        .then((answer) => (answer.ok ? answer.clone().json() : undefined))
        .then((value: unknown) => {
          if (value !== undefined) early.body = { value };
        })
        // A failure is reported by the normal request that takes its place, not here.
        .catch(() => undefined);
    else response.catch(() => undefined);
    pending.set(url, early);
    setTimeout(() => pending.delete(url), UNCLAIMED_MS);
  }
}

/**
 * The early answer's JSON for a GET of `url` sent with `token` if it has already arrived and been read, at most
 * once (the answer is then claimed); undefined otherwise, and the request stays for `takeEarlyResponse`.
 */
export function takeEarlyBody(url: string, token: string | null): unknown {
  const early = pending.get(url);
  if (!early?.body || early.token !== token) return undefined;
  pending.delete(url);
  return early.body.value;
}

/** The early answer for a GET of `url` sent with `token`, at most once; undefined when there is none. */
export function takeEarlyResponse(url: string, token: string | null): Promise<Response> | undefined {
  const early = pending.get(url);
  if (!early) return undefined;
  pending.delete(url);
  return early.token === token ? early.response : undefined;
}
