import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../../apps/server/test/harness.ts';
import { AGENT_VERSION } from '../src/system-info.ts';
import { repoRoot } from './agent-bundle.ts';

// Issue 30 item 2: the arm64 single executable, run at least once. On an x64 machine it runs under Debian's
// qemu-user-static, with the arm64 C and C++ runtime of Debian's cross packages (libc6-arm64-cross,
// libstdc++6-arm64-cross) as its root for the dynamic loader: the official Node binary inside it is dynamically
// linked. On an arm64 machine it runs as it is.

const agentDir = path.join(repoRoot, 'packages', 'agent');
const binary = path.join(agentDir, 'dist', 'meshdeck-agent-linux-arm64');
const ARM64_ROOT = '/usr/aarch64-linux-gnu';
const isNative = process.arch === 'arm64';
/** qemu-aarch64-static's absolute path ('' when absent): one test runs it with an empty PATH. */
const qemu = spawnSync('sh', ['-c', 'command -v qemu-aarch64-static'], { encoding: 'utf8' }).stdout.trim();
const skipReason =
  process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)
    ? 'builds the Linux executables on Linux x64 or arm64 only'
    : isNative
      ? undefined
      : qemu === ''
        ? 'needs qemu-aarch64-static (apt-get install qemu-user-static)'
        : !fs.existsSync(path.join(ARM64_ROOT, 'lib', 'ld-linux-aarch64.so.1'))
          ? 'needs the arm64 C runtime (apt-get install libc6-arm64-cross libstdc++6-arm64-cross)'
          : undefined;

/** The executable's command line: itself on arm64, under qemu with the arm64 runtime elsewhere. */
const command = (args: string[]): [string, string[]] =>
  isNative ? [binary, args] : [qemu, ['-L', ARM64_ROOT, binary, ...args]];
let emptyPath: string;

describe.skipIf(skipReason !== undefined)(
  `meshdeck-agent single executable (linux-arm64)${skipReason ? `: skipped, ${skipReason}` : ''}`,
  () => {
    beforeAll(() => {
      // The first build fetches the arm64 Node from the npm registry (npm pack); later ones reuse it. npm runs
      // under this Node, not whatever older one the PATH offers first.
      execFileSync(process.execPath, [path.join(agentDir, 'build-binaries.mjs'), 'arm64'], {
        cwd: agentDir,
        stdio: 'pipe',
        env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` },
      });
      emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-no-node-'));
    }, 300_000);
    afterAll(() => {
      if (emptyPath) fs.rmSync(emptyPath, { recursive: true, force: true });
    });

    it('-> is an ELF executable for aarch64', () => {
      const header = Buffer.alloc(20);
      const fd = fs.openSync(binary, 'r');
      fs.readSync(fd, header, 0, 20, 0);
      fs.closeSync(fd);
      expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
      expect(header.readUInt16LE(18)).toBe(0xb7); // e_machine: EM_AARCH64
    });

    it('-> prints its version with no Node.js on PATH', () => {
      const env = { PATH: emptyPath };
      expect(spawnSync('/bin/sh', ['-c', 'command -v node'], { env }).status).not.toBe(0);
      const [file, args] = command(['version']);
      const result = spawnSync(file, args, { env, encoding: 'utf8', timeout: 120_000 });
      expect(result.stderr).toBe('');
      expect(result.stdout).toBe(`${AGENT_VERSION}\n`);
      expect(result.status).toBe(0);
    }, 150_000);

    it('-> prints its usage for help, and exits non-zero naming the problem for an unknown command', () => {
      const [file, args] = command(['help']);
      const help = spawnSync(file, args, { encoding: 'utf8', timeout: 120_000 });
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('meshdeck-agent join --server URL --token TOKEN');
      const [badFile, badArgs] = command(['no-such-command']);
      const bad = spawnSync(badFile, badArgs, { encoding: 'utf8', timeout: 120_000 });
      expect(bad.status).not.toBe(0);
      expect(bad.stdout + bad.stderr).toMatch(/no-such-command/);
    }, 300_000);

    it('-> GET /meshclient/files/meshdeck-agent-linux-arm64 serves it, and its .sha256 names its digest', async () => {
      const server = await startTestServer();
      try {
        const digest = createHash('sha256').update(fs.readFileSync(binary)).digest('hex');
        const sums = await fetch(`${server.url}/meshclient/files/meshdeck-agent-linux-arm64.sha256`);
        expect(await sums.text()).toBe(`${digest}  meshdeck-agent-linux-arm64\n`);
        const download = await fetch(`${server.url}/meshclient/files/meshdeck-agent-linux-arm64`);
        expect(download.status).toBe(200);
        expect(
          createHash('sha256')
            .update(Buffer.from(await download.arrayBuffer()))
            .digest('hex'),
        ).toBe(digest);
      } finally {
        await server.close();
      }
    }, 60_000);
  },
);
