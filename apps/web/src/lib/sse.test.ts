import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamEvents } from './api-client.ts';
import { useSession } from './session.ts';
import { createSseParser } from './sse.ts';

describe('createSseParser', () => {
  it('when a frame arrives whole, then its event name and data are returned and comments are skipped', () => {
    const parse = createSseParser();
    expect(parse('retry: 3000\n: connected\n\nevent: change\ndata: {"resource":"networks"}\n\n')).toEqual([
      { event: 'change', data: '{"resource":"networks"}' },
    ]);
  });

  it('when a frame is split across chunks, then it is returned once complete', () => {
    const parse = createSseParser();
    expect(parse('event: cha')).toEqual([]);
    expect(parse('nge\ndata: {"a"')).toEqual([]);
    expect(parse(':1}\n\nevent: change\ndata: 2\n')).toEqual([{ event: 'change', data: '{"a":1}' }]);
    expect(parse('\n')).toEqual([{ event: 'change', data: '2' }]);
  });

  it('when lines end in CRLF or data spans lines, then the data lines are joined with newlines', () => {
    const parse = createSseParser();
    expect(parse('data:one\r\ndata: two\r\n\r\n')).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});

describe('streamEvents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('when the server streams, then events reach the handler with the bearer header; a 401 stops the loop', async () => {
    useSession.setState({ token: 'tok', baseUrl: '/api' });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          new TextEncoder().encode('event: change\ndata: {"resource":"hosts","action":"created"}\n\n'),
        );
        controller.close();
      },
    });
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response(body, { status: 200 }))
      .mockResolvedValueOnce(new Response('', { status: 401 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.useFakeTimers();
    const onEvent = vi.fn();
    const onOpen = vi.fn();
    const done = streamEvents('v1/events', { onEvent, onOpen }, new AbortController().signal);
    await vi.runAllTimersAsync();
    await done;
    vi.useRealTimers();
    expect(onEvent).toHaveBeenCalledWith({
      event: 'change',
      data: '{"resource":"hosts","action":"created"}',
    });
    expect(onOpen).toHaveBeenCalledWith(false);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/events');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer tok' } });
  });
});
