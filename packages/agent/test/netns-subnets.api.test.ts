import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimSubnet, releaseSubnet } from './netns.ts';

const claimFile = (subnet: number) => path.join(os.tmpdir(), 'meshdeck-lab-subnets', String(subnet));

describe('lab subnets (data-plane test labs)', () => {
  it('-> two labs asking for the same subnet get different ones; a released subnet can be claimed again', () => {
    const first = claimSubnet(123);
    const second = claimSubnet(123);
    try {
      expect(second).not.toBe(first);
      expect(fs.readFileSync(claimFile(first), 'utf8')).toBe(String(process.pid));
      releaseSubnet(first);
      expect(claimSubnet(first)).toBe(first);
    } finally {
      releaseSubnet(first);
      releaseSubnet(second);
    }
  });

  it('-> a subnet claimed by a process that has exited is taken over', () => {
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    const preferred = claimSubnet(57);
    releaseSubnet(preferred);
    fs.writeFileSync(claimFile(preferred), exited.stdout);
    try {
      expect(claimSubnet(preferred)).toBe(preferred);
    } finally {
      releaseSubnet(preferred);
    }
  });
});
