import { EventSourceParserStream } from 'eventsource-parser/stream';
import { buildUrl, notifyUnauthorized } from './api-client.ts';
import { useSession } from './session.ts';

// Apart from api-client.ts so the parser loads with the signed-in shell that opens the stream, not on /login.

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
        notifyUnauthorized();
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
