import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';

/** A release feed on loopback: what each path answers is set per test. */
let feedServer: http.Server;
let feedUrl: string;
const feeds = new Map<string, { status: number; body: string }>();
let feedRequests = 0;

beforeAll(async () => {
  feedServer = http.createServer((request, response) => {
    feedRequests++;
    const feed = feeds.get(request.url ?? '') ?? { status: 404, body: 'no such feed' };
    response.writeHead(feed.status, { 'content-type': 'application/json' }).end(feed.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  const address = feedServer.address();
  feedUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => feedServer.close(() => resolve())));

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const feed = (pathName: string, body: unknown, status = 200) => {
  feeds.set(pathName, { status, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return `${feedUrl}${pathName}`;
};

async function upgradeCheck(env: Record<string, string>) {
  server = await startTestServer(env);
  const token = await createSuperAdminAndLogin(server);
  return server.request('GET', '/api/v1/server/upgrade', { token });
}

describe('GET /api/v1/server/upgrade', () => {
  it('when the feed lists a newer stable release, then the check offers it with its link', async () => {
    const url = feed('/newer.json', {
      releases: [
        { version: 'v0.29.4' },
        { version: '0.31.2', url: 'https://example.test/releases/0.31.2' },
        { version: '0.31.0' },
        { version: '1.0.0-rc.1' },
        { version: 'nightly' },
      ],
    });
    const response = await upgradeCheck({ RELEASES_URL: url });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      enabled: true,
      current_version: 'v0.30.0',
      latest_version: '0.31.2',
      is_newer: true,
      release_url: 'https://example.test/releases/0.31.2',
      error: '',
    });
    expect(Date.parse(response.body.checked_at)).not.toBeNaN();
  });

  it('when the newest release is this version or older, then nothing is offered', async () => {
    const url = feed('/same.json', { releases: [{ version: '0.30.0' }, { version: '0.29.9' }] });
    const response = await upgradeCheck({ RELEASES_URL: url });
    expect(response.body).toMatchObject({ enabled: true, latest_version: '0.30.0', is_newer: false });
  });

  it('when the feed fails or is not in the documented form, then the error is reported and nothing offered', async () => {
    const broken = await upgradeCheck({ RELEASES_URL: feed('/down.json', 'boom', 500) });
    expect(broken.body).toMatchObject({
      enabled: true,
      is_newer: false,
      error: 'the feed answered HTTP 500',
    });
    await server?.close();
    const wrong = await upgradeCheck({ RELEASES_URL: feed('/wrong.json', { versions: ['9.9.9'] }) });
    expect(wrong.body.is_newer).toBe(false);
    expect(wrong.body.error).toMatch(/^the feed is not in the documented form \(releases: /);
    await server?.close();
    const notJson = await upgradeCheck({ RELEASES_URL: feed('/html.json', '<h2>v9.9.9</h2>') });
    expect(notJson.body).toMatchObject({ is_newer: false, error: 'the feed is not JSON' });
  });

  it('when RELEASES_URL is unset or the console is hosted, then the check is off and the feed is never read', async () => {
    const before = feedRequests;
    const unset = await upgradeCheck({});
    expect(unset.body).toMatchObject({ enabled: false, is_newer: false, latest_version: '' });
    await server?.close();
    const hosted = await upgradeCheck({
      HOSTED: 'true',
      RELEASES_URL: feed('/hosted.json', { releases: [] }),
    });
    expect(hosted.body).toMatchObject({ enabled: false, is_newer: false });
    expect(feedRequests).toBe(before);
  });

  it('when RELEASES_URL is not an http(s) URL, then the server refuses to start and names the variable', async () => {
    await expect(startTestServer({ RELEASES_URL: 'ftp://example.test/feed' })).rejects.toThrow(
      /RELEASES_URL: must be a URL starting with http:\/\/ or https:\/\//,
    );
  });
});

/**
 * A feed that never ends: 64 KiB chunks written as fast as the reader takes them (with back-pressure), up to
 * `cap` bytes, optionally after declaring a huge Content-Length. It counts what it got to send, which bounds
 * what the server read, and notes when the reader hung up.
 */
async function oversizedFeed(options: { declaredLength?: number; cap: number }) {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  const state = { sent: 0, closedByReader: false, ended: false };
  const oversized = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      ...(options.declaredLength === undefined ? {} : { 'content-length': String(options.declaredLength) }),
    });
    response.on('close', () => {
      if (!response.writableFinished) state.closedByReader = true;
    });
    const pump = () => {
      while (!response.destroyed && state.sent < options.cap) {
        state.sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      if (!response.destroyed) {
        state.ended = true;
        response.destroy();
      }
    };
    response.write('{"releases":[');
    pump();
  });
  await new Promise<void>((resolve) => oversized.listen(0, '127.0.0.1', resolve));
  const address = oversized.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/feed.json`;
  const close = () => new Promise<void>((resolve) => oversized.close(() => resolve()));
  return { url, state, close };
}

describe('GET /api/v1/server/upgrade with an oversized feed', () => {
  const MiB = 1024 * 1024;
  // What may be in flight when the reader stops: 1 MiB read plus socket and stream buffers on both sides.
  const IN_FLIGHT_BOUND = 8 * MiB;

  it('when the feed streams without end, then the check stops reading after 1 MiB, hangs up and reports the size', async () => {
    const feedOf = await oversizedFeed({ cap: 256 * MiB });
    try {
      const response = await upgradeCheck({ RELEASES_URL: feedOf.url });
      expect(response.body).toMatchObject({
        enabled: true,
        is_newer: false,
        error: 'the feed is larger than 1 MiB',
      });
      await expect.poll(() => feedOf.state.closedByReader).toBe(true);
      expect(feedOf.state.ended).toBe(false);
      expect(feedOf.state.sent).toBeLessThan(IN_FLIGHT_BOUND);
    } finally {
      await feedOf.close();
    }
  });

  it('when the feed declares a body over 1 MiB, then the check refuses it without reading the body', async () => {
    const feedOf = await oversizedFeed({ declaredLength: 600 * MiB, cap: 600 * MiB });
    try {
      const response = await upgradeCheck({ RELEASES_URL: feedOf.url });
      expect(response.body).toMatchObject({ is_newer: false, error: 'the feed is larger than 1 MiB' });
      await expect.poll(() => feedOf.state.closedByReader).toBe(true);
      expect(feedOf.state.sent).toBeLessThan(IN_FLIGHT_BOUND);
    } finally {
      await feedOf.close();
    }
  });
});

describe('GET /api/v1/downloads', () => {
  const agentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-downloads-'));
  const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

  it('when the agent folder holds executables and the bundle, then each is listed with the sha256 of its bytes', async () => {
    fs.writeFileSync(path.join(agentDir, 'meshdeck-agent-linux-x64'), 'x64 executable bytes');
    fs.writeFileSync(path.join(agentDir, 'meshdeck-agent-linux-arm64'), 'arm64 executable bytes, longer');
    fs.writeFileSync(path.join(agentDir, 'meshdeck-agent.mjs'), 'console.log("agent")');
    fs.writeFileSync(path.join(agentDir, 'meshdeck-agent.mjs.sha256'), 'not a download');
    fs.writeFileSync(path.join(agentDir, 'notes.txt'), 'not a download either');
    server = await startTestServer({ AGENT_DIR: agentDir });
    const token = await createSuperAdminAndLogin(server);
    const response = await server.request('GET', '/api/v1/downloads', { token });
    expect(response.status).toBe(200);
    expect(response.body.version).toBe('v0.30.0');
    expect(response.body.files).toEqual([
      {
        name: 'meshdeck-agent-linux-arm64',
        os: 'linux',
        arch: 'arm64',
        kind: 'agent-executable',
        size: 30,
        sha256: sha256(path.join(agentDir, 'meshdeck-agent-linux-arm64')),
        url: '/meshclient/files/meshdeck-agent-linux-arm64',
      },
      expect.objectContaining({ name: 'meshdeck-agent-linux-x64', arch: 'x64', size: 20 }),
      expect.objectContaining({ name: 'meshdeck-agent.mjs', os: 'any', arch: 'any', kind: 'agent-bundle' }),
    ]);
    // The digest is of the file the server serves under the listed URL.
    const served = await fetch(`${server.url}${response.body.files[1].url}`);
    const servedDigest = createHash('sha256')
      .update(Buffer.from(await served.arrayBuffer()))
      .digest('hex');
    expect(response.body.files[1].sha256).toBe(servedDigest);
  });

  it('when a file is rebuilt, then the list carries the new digest, not the remembered one', async () => {
    const file = path.join(agentDir, 'meshdeck-agent-linux-x64');
    fs.writeFileSync(file, 'first build');
    server = await startTestServer({ AGENT_DIR: agentDir });
    const token = await createSuperAdminAndLogin(server);
    const first = await server.request('GET', '/api/v1/downloads', { token });
    fs.writeFileSync(file, 'second build, a different size');
    const second = await server.request('GET', '/api/v1/downloads', { token });
    const digestOf = (body: { files: { name: string; sha256: string }[] }) =>
      body.files.find((f) => f.name === 'meshdeck-agent-linux-x64')?.sha256;
    expect(digestOf(first.body)).toBe(createHash('sha256').update('first build').digest('hex'));
    expect(digestOf(second.body)).toBe(sha256(file));
  });

  it('when the agent has not been built, then the list is empty rather than an error', async () => {
    server = await startTestServer({ AGENT_DIR: path.join(agentDir, 'missing') });
    const token = await createSuperAdminAndLogin(server);
    const response = await server.request('GET', '/api/v1/downloads', { token });
    expect(response.status).toBe(200);
    expect(response.body.files).toEqual([]);
  });
});
