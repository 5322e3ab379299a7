import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HostUnknownError, ServerApi } from './server-api.ts';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** The error a call fails with (a call that succeeds fails the test). */
const failure = (call: Promise<unknown>): Promise<Error> =>
  call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as Error,
  );

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A loopback HTTP server answering every request with this status and contract envelope. */
async function answering(status: number, message: string): Promise<string> {
  const server = http.createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Code: status, Message: message, Response: null }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

describe('ServerApi errors', () => {
  it('-> when the server is unreachable, the error names the method, the URL and the cause (not just "fetch failed")', async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const error = await failure(new ServerApi(base, 'host-1', 'pw').pull());
    expect(error.message).toBe(`POST ${base}/api/hosts/adm/authenticate: fetch failed (connect ECONNREFUSED ${base.slice('http://'.length)})`);
  });

  it('-> when authenticate answers 400 "host ... not found" or 401, the error says the host is unknown', async () => {
    for (const [status, message] of [[400, 'host host-1 not found'], [401, 'incorrect credentials']] as const) {
      const error = await failure(new ServerApi(await answering(status, message), 'host-1', 'pw').pull());
      expect(error).toBeInstanceOf(HostUnknownError);
      expect(error.message).toContain(`${status} ${message}`);
    }
  });

  it('-> a registration failure does not put the join token in the message', async () => {
    const error = await failure(ServerApi.register(await answering(400, 'invalid enrollment key'), 'c2VjcmV0LXRva2Vu', {}));
    expect(error.message).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/host\/register\/<token>: 400 invalid enrollment key$/);
  });
});
