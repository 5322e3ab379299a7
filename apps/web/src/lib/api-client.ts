import { EventSourceParserStream } from 'eventsource-parser/stream';
import { ApiError, readErrorMessage } from './api-error.ts';
import { useSession } from './session.ts';

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

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const base = useSession.getState().baseUrl.replace(/\/+$/, '');
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return `${base}/${path.replace(/^\/+/, '')}${search}`;
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
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ kind: 'network', status: 0, message: 'network error', path, cause });
  }
  return readResponse(response, path, options);
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

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

/** Reconnect delays of the event stream: 1 s, doubling up to 30 s, back to 1 s once a connection succeeds. */
export const STREAM_RETRY_MIN_MS = 1000;
export const STREAM_RETRY_MAX_MS = 30_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** One server-sent event: its name ("message" when the frame names none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface EventStreamHandlers {
  onEvent: (event: SseEvent) => void;
  /** Called on every successful (re)connection; `isReconnect` tells the caller events may have been missed. */
  onOpen?: (isReconnect: boolean) => void;
}

/**
 * Reads a server-sent-events stream with fetch, because EventSource cannot send the bearer header. Reconnects
 * with backoff until `signal` aborts; stops for good on a 401 (the session is over) or when signed out.
 */
export async function streamEvents(
  path: string,
  handlers: EventStreamHandlers,
  signal: AbortSignal,
): Promise<void> {
  let delay = STREAM_RETRY_MIN_MS;
  let hasConnected = false;
  while (!signal.aborted) {
    const token = useSession.getState().token;
    if (!token) return;
    try {
      const response = await fetch(buildUrl(path, undefined), {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal,
      });
      if (response.status === 401) {
        handleUnauthorized?.();
        return;
      }
      if (!response.ok || !response.body) throw new Error(`event stream answered HTTP ${response.status}`);
      handlers.onOpen?.(hasConnected);
      hasConnected = true;
      delay = STREAM_RETRY_MIN_MS;
      // The text/event-stream format (split frames, CRLF, comments, multi-line data) is eventsource-parser's job.
      const reader = response.body
        .pipeThrough(new TextDecoderStream())
        .pipeThrough(new EventSourceParserStream())
        .getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        handlers.onEvent({ event: chunk.value.event ?? 'message', data: chunk.value.data });
      }
    } catch {
      // Dropped connections are expected (server restart, proxy timeout); the loop below retries.
    }
    if (signal.aborted) return;
    await sleep(delay, signal);
    delay = Math.min(delay * 2, STREAM_RETRY_MAX_MS);
  }
}
