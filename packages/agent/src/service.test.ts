import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installService, renderUnit, uninstallService, unitPath } from './service.ts';

const options = {
  nodePath: '/usr/bin/node',
  scriptPath: '/opt/meshdeck agent/meshdeck-agent.mjs',
  stateDir: '/var/lib/meshdeck-agent',
  runArgs: ['--check-in-seconds', '30'],
};
let root: string | undefined;
afterEach(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = undefined;
});

describe('meshdeck-agent install / uninstall (systemd unit)', () => {
  it('-> the unit runs the agent with its state dir, restarts it, starts after the network and keeps new files private', () => {
    const unit = renderUnit(options);
    expect(unit).toContain(
      'ExecStart=/usr/bin/node "/opt/meshdeck agent/meshdeck-agent.mjs" run --state-dir /var/lib/meshdeck-agent --check-in-seconds 30\n',
    );
    expect(unit).toContain('Restart=always');
    expect(unit).toContain('After=network-online.target');
    expect(unit).toContain('UMask=0077');
    expect(unit).toContain('WantedBy=multi-user.target');
  });

  it('-> for the single executable (no script path), the unit runs the executable itself', () => {
    const unit = renderUnit({ ...options, nodePath: '/usr/local/bin/meshdeck-agent', scriptPath: '' });
    expect(unit).toContain(
      'ExecStart=/usr/local/bin/meshdeck-agent run --state-dir /var/lib/meshdeck-agent --check-in-seconds 30\n',
    );
  });

  it('-> under --root, install writes the unit (0644) without calling systemctl and uninstall removes it', () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-root-'));
    const file = installService(root, options);
    expect(file).toBe(path.join(root, 'etc/systemd/system/meshdeck-agent.service'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o644);
    expect(fs.readFileSync(file, 'utf8')).toBe(renderUnit(options));
    uninstallService(root);
    expect(fs.existsSync(unitPath(root))).toBe(false);
  });
});
