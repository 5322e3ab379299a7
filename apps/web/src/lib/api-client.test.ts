import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, readResponse, setUnauthorizedHandler } from './api-client.ts';

const errorResponse = (status: number, message: string) =>
  new Response(JSON.stringify({ Code: status, Message: message, Response: null }), { status });

afterEach(() => setUnauthorizedHandler(null));

describe('readResponse', () => {
  it('when a binary body is asked for (a QR PNG), then the bytes arrive untouched, not decoded as text', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);
    const blob = await readResponse<Blob>(new Response(png, { status: 200 }), 'extclients/n/c/qr', {
      responseType: 'blob',
    });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png);
  });

  it('when text is asked for, then a body that happens to be JSON stays the text the server sent', async () => {
    const text = await readResponse<string>(new Response('123', { status: 200 }), 'x', {
      responseType: 'text',
    });
    expect(text).toBe('123');
  });

  it('when the server sends an error envelope, then an ApiError carries its Message and status', async () => {
    const error = await readResponse(
      errorResponse(400, 'incorrect credentials'),
      'users/adm/authenticate',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 400, message: 'incorrect credentials' });
  });

  it('when any call but login gets a 401, then the unauthorized handler runs', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(readResponse(errorResponse(401, 'unauthorized'), 'hosts')).rejects.toThrow('unauthorized');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('when the login call gets a 401, then the handler does not run (wrong credentials, not an expired session)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(
      readResponse(errorResponse(401, 'incorrect credentials'), 'users/adm/authenticate', { isLogin: true }),
    ).rejects.toThrow('incorrect credentials');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when the body matches the schema, then the parsed value is returned; otherwise invalid-response', async () => {
    await expect(
      readResponse(new Response('true'), 'users/adm/hassuperadmin', { schema: z.boolean() }),
    ).resolves.toBe(true);
    await expect(
      readResponse(new Response('"yes"'), 'users/adm/hassuperadmin', { schema: z.boolean() }),
    ).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('when an error has no envelope, then the plain text or status text is the message', async () => {
    await expect(readResponse(new Response('gateway down', { status: 502 }), 'x')).rejects.toMatchObject({
      status: 502,
      message: 'gateway down',
    });
  });
});
