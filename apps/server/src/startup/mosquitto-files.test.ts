import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BrokerCredentials } from '../broker/broker-credentials.ts';
import { mosquittoFiles } from './mosquitto-files.ts';

const credentials = new BrokerCredentials('test-secret');
const alpha = {
  id: '6f1c2a8e-1111-4a5b-9c0d-000000000001',
  nodes: [{ id: '6f1c2a8e-2222-4a5b-9c0d-000000000002', network: 'office' }],
};
const files = (hosts: { id: string; nodes: { id: string; network: string }[] }[]) =>
  mosquittoFiles({
    serverName: 'meshdeck',
    serverAccount: { username: 'meshdeck-server', password: 'pw' },
    credentials,
    hosts,
  });

describe('mosquittoFiles', () => {
  it('-> writes one PBKDF2-SHA512 $7$ line per account that verifies the derived password, and the same bytes twice', () => {
    const { passwords, accounts } = files([alpha]);
    expect(accounts).toBe(1);
    const line = passwords.split('\n').find((l) => l.startsWith(`${alpha.id}:`))!;
    const [, , iterations, salt, hash] = line.split('$');
    const expected = pbkdf2Sync(
      credentials.passwordOf(alpha.id),
      Buffer.from(salt!, 'base64'),
      Number(iterations),
      64,
      'sha512',
    );
    expect(hash).toBe(expected.toString('base64'));
    expect(passwords.startsWith('meshdeck-server:$7$101$')).toBe(true);
    expect(files([alpha]).passwords).toBe(passwords);
  });

  it('-> the ACL lets the server use every topic and each host read only its own topics and write only its own', () => {
    const { acl } = files([alpha]);
    expect(acl).toContain('user meshdeck-server\ntopic readwrite #\n');
    const block = acl.slice(acl.indexOf(`user ${alpha.id}`));
    const node = alpha.nodes[0]!.id;
    expect(block.trim().split('\n')).toEqual([
      `user ${alpha.id}`,
      `topic read peers/host/${alpha.id}/meshdeck`,
      `topic read host/update/${alpha.id}/meshdeck`,
      `topic write host/serverupdate/meshdeck/${alpha.id}`,
      `topic read node/update/office/${node}`,
      `topic write update/meshdeck/${node}`,
      `topic write signal/meshdeck/${node}`,
      `topic write metrics/meshdeck/${node}`,
    ]);
  });

  it('-> an id or network that could widen a rule (wildcard, slash, space, newline) is left out of both files', () => {
    const hosts = [
      { id: '#', nodes: [] },
      { id: 'a b', nodes: [] },
      { id: 'x\nuser y', nodes: [] },
      { ...alpha, nodes: [{ id: 'n1', network: 'of+fice' }] },
    ];
    const { acl, passwords, accounts } = files(hosts);
    expect(accounts).toBe(1);
    expect(acl).not.toMatch(/user #|a b|user y|of\+fice/);
    expect(passwords.split('\n').filter(Boolean)).toHaveLength(2);
  });
});
