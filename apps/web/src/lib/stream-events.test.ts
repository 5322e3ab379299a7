import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamEvents } from './event-stream.ts';
import { useSession } from './session.ts';

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

  it('when frames arrive split across chunks with CRLF endings and comments, then each event arrives once, whole', async () => {
    useSession.setState({ token: 'tok', baseUrl: '/api' });
    const chunks = [
      ': connected\r\n\r\nevent: cha',
      'nge\r\ndata: {"a"',
      ':1}\r\ndata: 2\r\n\r\ndata: plain\n\n',
    ];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
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
    const done = streamEvents('v1/events', { onEvent }, new AbortController().signal);
    await vi.runAllTimersAsync();
    await done;
    vi.useRealTimers();
    expect(onEvent.mock.calls).toEqual([
      [{ event: 'change', data: '{"a":1}\n2' }],
      [{ event: 'message', data: 'plain' }],
    ]);
  });
});
