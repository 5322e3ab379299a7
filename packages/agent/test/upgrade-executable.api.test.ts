import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upgradeAgent } from '../src/upgrade.ts';

// Stand-ins for single executables: shell scripts answer `--version` and, when run, report their arguments and
// write the marker the way a started agent does (then stay up a moment, as a running agent would).
const good = (dir: string) =>
  `#!/bin/sh\nif [ "$1" = "--version" ]; then echo v0.30.1; exit 0; fi\necho "$@" > ${dir}/ran-with\ntouch "$MESHDECK_AGENT_UPGRADE_MARKER"\nexec sleep 3\n`;
const broken = '#!/bin/sh\necho "cannot execute binary file" >&2\nexit 126\n';
const NAME = `meshdeck-agent-linux-${process.arch}`;

let dir: string;
let served: Record<string, string>;
let server: http.Server;
let serverUrl: string;
let installed: string;
const log: string[] = [];

/** What the server offers: the executable for this processor and its sha256 file. */
function serve(body: string): void {
  served = {
    [`/meshclient/files/${NAME}`]: body,
    [`/meshclient/files/${NAME}.sha256`]: `${createHash('sha256').update(body).digest('hex')}  ${NAME}\n`,
  };
}
const upgrade = () =>
  upgradeAgent({
    serverUrl,
    scriptPath: installed,
    nodePath: '/nonexistent/node',
    executable: true,
    runArgs: ['run', '--state-dir', dir],
    markerFile: path.join(dir, 'marker'),
    force: false,
    log: (m) => log.push(m),
  });

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-sea-upgrade-'));
  installed = path.join(dir, 'meshdeck-agent');
  fs.writeFileSync(installed, '#!/bin/sh\necho v0.30.0\n', { mode: 0o755 });
  log.length = 0;
  server = http.createServer((req, res) => {
    const body = served[req.url ?? ''];
    res.writeHead(body === undefined ? 404 : 200).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('upgrade of the single executable', () => {
  it(`-> downloads ${NAME}, checks it starts, replaces the executable and runs it directly (no Node.js in front)`, async () => {
    serve(good(dir));
    expect(await upgrade()).toBe('started');
    expect(fs.readFileSync(installed, 'utf8')).toBe(good(dir));
    expect(fs.readFileSync(`${installed}.previous`, 'utf8')).toBe('#!/bin/sh\necho v0.30.0\n');
    expect(fs.readFileSync(path.join(dir, 'ran-with'), 'utf8')).toBe(`run --state-dir ${dir}\n`);
    expect(log).toContain('upgrade: downloaded v0.30.1, checksum verified');
  }, 60_000);

  it('-> when the downloaded executable does not start, keeps the installed one and says why', async () => {
    serve(broken);
    expect(await upgrade()).toBe('rolled-back');
    expect(fs.readFileSync(installed, 'utf8')).toBe('#!/bin/sh\necho v0.30.0\n');
    expect(fs.existsSync(`${installed}.new`)).toBe(false);
    expect(log.join('\n')).toMatch(/the new build does not start .*; staying on this one/);
  }, 60_000);

  it('-> when the executable it already runs is the one offered, downloads nothing more', async () => {
    serve(fs.readFileSync(installed, 'utf8'));
    expect(await upgrade()).toBe('current');
  });
});
