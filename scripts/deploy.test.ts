import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * deploy/ (issue 42): the compose file, its environment file, the Dockerfile and the systemd unit agree with each
 * other and with `npm start`. No Docker engine runs here, so this reads the files instead of `docker compose config`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => fs.readFileSync(path.join(root, 'deploy', file), 'utf8');
const compose = parse(read('compose.yaml')) as {
  services: Record<string, { image?: string; restart?: string; command?: string[]; volumes?: string[] }>;
};
const startScript = (
  JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start;
const startFlags = /node ((?:--\S+ )+)apps\/server\/dist\/main\.mjs/.exec(startScript)![1].trim().split(' ');

describe('deploy/', () => {
  it('compose.yaml runs PostgreSQL, Mosquitto, the server, the console copier and a TLS proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['broker-accounts', 'mosquitto', 'postgres', 'proxy', 'server', 'ui'].sort(),
    );
    expect(compose.services.server.image).toBe('meshdeck/server:${MESHDECK_SERVER_TAG}');
    expect(compose.services.ui.image).toMatch(/^meshdeck\/ui:\$\{MESHDECK_UI_TAG/);
    for (const name of ['postgres', 'mosquitto', 'server', 'proxy', 'broker-accounts'])
      expect(compose.services[name].restart, name).toBe('unless-stopped');
  });

  it('every variable compose.yaml needs is in .env.example or has a default', () => {
    const defined = new Set(
      read('.env.example')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.split('=')[0]),
    );
    const used = [...read('compose.yaml').matchAll(/\$\{([A-Z_]+)(:?[-?][^}]*)?\}/g)];
    const missing = used.filter(([, name, rest]) => !defined.has(name) && !rest?.startsWith(':-'));
    expect(missing.map(([, name]) => name)).toEqual([]);
  });

  it('the images build a server and a ui target, and run the server with the flags of `npm start`', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^FROM \S+ AS server$/m);
    expect(dockerfile).toMatch(/^FROM \S+ AS ui$/m);
    const cmd = JSON.parse(/^CMD (\["node".*\])$/m.exec(dockerfile)![1]) as string[];
    expect(cmd).toEqual(['node', ...startFlags, 'apps/server/dist/main.mjs']);
    const unit = read('systemd/meshdeck.service');
    expect(/^ExecStart=\/usr\/bin\/node (.*)$/m.exec(unit)![1].split(' ')).toEqual([
      ...startFlags,
      'apps/server/dist/main.mjs',
    ]);
  });

  it('the broker reads the account files the broker-accounts service writes', () => {
    const command = compose.services['broker-accounts'].command!.join(' ');
    const conf = read('mosquitto/mosquitto.conf');
    for (const file of ['/mosquitto/accounts/passwd', '/mosquitto/accounts/acl']) {
      expect(command).toContain(file);
      expect(conf).toContain(file);
    }
    expect(command).toContain('apps/server/dist/mosquitto-files.mjs');
    expect(fs.readFileSync(path.join(root, 'apps/server/build.mjs'), 'utf8')).toContain(
      "'mosquitto-files': path.join(here, 'src', 'startup', 'mosquitto-cli.ts')",
    );
  });
});
