/** One server-sent event: its name (default "message") and its data lines joined with newlines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Incremental parser of a text/event-stream (WHATWG HTML "server-sent events"): feed it decoded chunks as
 * they arrive; it returns the complete events and keeps any partial frame for the next chunk. Comments
 * (`: keep-alive`) and `id`/`retry` fields are ignored because the console only needs the change payloads.
 */
export function createSseParser(): (chunk: string) => SseEvent[] {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    // Frames end with a blank line; CRLF and CR line endings are allowed by the format.
    const normalized = buffer.replace(/\r\n?/g, '\n');
    const frames = normalized.split('\n\n');
    buffer = frames.pop() ?? '';
    const events: SseEvent[] = [];
    for (const frame of frames) {
      let event = 'message';
      const data: string[] = [];
      for (const line of frame.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        // A single space after the colon is part of the syntax, not of the value.
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length > 0) events.push({ event, data: data.join('\n') });
    }
    return events;
  };
}
