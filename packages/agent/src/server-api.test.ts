import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HostUnknownError, ServerApi, ServerError, retryTransient } from './server-api.ts';

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
    expect(error.message).toBe(
      `POST ${base}/api/hosts/adm/authenticate: fetch failed (connect ECONNREFUSED ${base.slice('http://'.length)})`,
    );
  });

  it('-> when authenticate answers 400 "host ... not found" or 401, the error says the host is unknown', async () => {
    for (const [status, message] of [
      [400, 'host host-1 not found'],
      [401, 'incorrect credentials'],
    ] as const) {
      const error = await failure(new ServerApi(await answering(status, message), 'host-1', 'pw').pull());
      expect(error).toBeInstanceOf(HostUnknownError);
      expect(error.message).toContain(`${status} ${message}`);
    }
  });

  it('-> a registration failure does not put the join token in the message', async () => {
    const error = await failure(
      ServerApi.register(await answering(400, 'invalid enrollment key'), 'c2VjcmV0LXRva2Vu', {}),
    );
    expect(error.message).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/host\/register\/<token>: 400 invalid enrollment key$/,
    );
  });
});

describe('retryTransient (joining a busy or restarting server)', () => {
  /** A call failing with `errors` in turn, then answering "registered"; counts its attempts. */
  function flaky(errors: Error[]) {
    const calls = { count: 0 };
    const call = () => {
      calls.count++;
      const error = errors.shift();
      return error === undefined ? Promise.resolve('registered') : Promise.reject(error);
    };
    return { call, calls };
  }
  const clock = () => {
    let now = 0;
    return { now: () => now, sleep: (ms: number) => Promise.resolve(void (now += ms)) };
  };

  it('-> retries no answer, 429 and 5xx with the backoff, reporting each, until the call succeeds', async () => {
    const { call, calls } = flaky([
      new Error('fetch failed (connect ECONNREFUSED)'),
      new ServerError(503, 'busy'),
      new ServerError(429, 'slow down'),
    ]);
    const retries: string[] = [];
    const time = clock();
    const result = await retryTransient(call, {
      deadlineMs: 60_000,
      delayMs: (attempt) => 1000 * (attempt + 1),
      onRetry: (error, delay) => retries.push(`${(error as Error).message} ${delay}`),
      ...time,
    });
    expect(result).toBe('registered');
    expect(calls.count).toBe(4);
    expect(retries).toEqual(['fetch failed (connect ECONNREFUSED) 1000', 'busy 2000', 'slow down 3000']);
    expect(time.now()).toBe(6000);
  });

  it('-> fails at once on an answer that will not change (a bad key is a 400)', async () => {
    const { call, calls } = flaky([new ServerError(400, 'invalid enrollment key')]);
    const error = await failure(
      retryTransient(call, { deadlineMs: 60_000, delayMs: () => 1000, onRetry: () => undefined, ...clock() }),
    );
    expect(error.message).toBe('invalid enrollment key');
    expect(calls.count).toBe(1);
  });

  it('-> gives up with the last error once the next retry would start after the deadline', async () => {
    const { call, calls } = flaky(Array.from({ length: 10 }, (_, i) => new Error(`timeout ${i + 1}`)));
    const error = await failure(
      retryTransient(call, { deadlineMs: 10_000, delayMs: () => 4000, onRetry: () => undefined, ...clock() }),
    );
    expect(error.message).toBe('timeout 3');
    expect(calls.count).toBe(3);
  });
});
