import { ApiError, readErrorMessage } from './api-error.ts';
import { useSession } from './session.ts';
import { apiUrl, takeEarlyBody, takeEarlyResponse } from './early-request.ts';

export { ApiError, isApiError } from './api-error.ts';

/** Anything with a `parse` method: the contracts' zod schemas, without this module importing zod. */
export interface ResponseParser<T> {
  parse: (data: unknown) => T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Overrides the session token, e.g. to read the user before the session is stored. */
  token?: string | null;
  schema?: ResponseParser<T>;
  /** On the login call a 401 means wrong credentials, not an expired session (spec §4 "Session"). */
  isLogin?: boolean;
  signal?: AbortSignal;
  /** How a successful body is read: JSON (default, text when not JSON), raw text, or binary (an image). */
  responseType?: 'json' | 'text' | 'blob';
}

let handleUnauthorized: (() => void) | null = null;

/** Registers what a 401 does (clear the session, go to login); app.tsx wires it to the router. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  handleUnauthorized = handler;
}

/** Runs the 401 handler; the event stream (lib/event-stream.ts) answers a 401 like any other call. */
export function notifyUnauthorized(): void {
  handleUnauthorized?.();
}

/** The full URL of an API path with its query string, under the session's API base. */
export function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return `${apiUrl(useSession.getState().baseUrl, path)}${search}`;
}

/** Turns a fetch Response into data or an ApiError; exported so tests can feed it Responses without fetch. */
export async function readResponse<T>(
  response: Response,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  // A binary answer (a QR PNG) must not go through text decoding, which would corrupt it.
  if (response.ok && options.responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (response.ok && options.responseType === 'text') return text as T;
  let body: unknown = undefined;
  if (text !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    if (response.status === 401 && !options.isLogin) handleUnauthorized?.();
    const message = readErrorMessage(body) ?? (typeof body === 'string' && body ? body : response.statusText);
    throw new ApiError({
      kind: 'http',
      status: response.status,
      message: message || `HTTP ${response.status}`,
      path,
    });
  }
  if (!options.schema) return body as T;
  try {
    return options.schema.parse(body);
  } catch (cause) {
    throw new ApiError({
      kind: 'invalid-response',
      status: response.status,
      message: 'invalid response',
      path,
      cause,
    });
  }
}

/** The one caller of fetch in the console: JSON in and out, bearer auth, contract errors as ApiError. */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = options.token === undefined ? useSession.getState().token : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  // A deep link's list request may already be on its way (lib/early-request.ts).
  const early = method === 'GET' && !options.headers ? takeEarlyResponse(url, token ?? null) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ kind: 'network', status: 0, message: 'network error', path, cause });
  }
  return readResponse(response, path, options);
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/**
 * A deep link's early answer to a GET of `path` (lib/early-request.ts) if it has already arrived, read and checked
 * with `schema`, synchronously; undefined when there is none yet or it does not parse (the request then asks
 * normally, and reports any error).
 */
export function takeEarlyData<T>(
  path: string,
  options: Pick<RequestOptions<T>, 'query' | 'schema'>,
): T | undefined {
  const token = useSession.getState().token;
  const body = takeEarlyBody(buildUrl(path, options.query), token ?? null);
  if (body === undefined) return undefined;
  try {
    return options.schema ? options.schema.parse(body) : (body as T);
  } catch {
    return undefined;
  }
}

export const apiClient = {
  get: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
