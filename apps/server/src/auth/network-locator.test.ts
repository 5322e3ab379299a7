import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { installAuth } from '../plugins/auth.ts';
import type { TokenService } from './tokens.ts';
import { access, type Access } from './access.ts';
import { NetworkLookups, checkBodyNetwork, network, resolveNetworks } from './network-locator.ts';

const lookups = new NetworkLookups({
  node: async (id) => ({ 'node-a': ['neta'], 'node-b': ['netb'] })[id] ?? [],
  host: async (id) => (id === 'host-ab' ? ['neta', 'netb'] : []),
  tag: async (id) => (id === 'netb.web' ? ['netb'] : []),
});
const request = (params: Record<string, string> = {}, query: Record<string, string> = {}, body?: unknown) =>
  ({ params, query, body, method: 'GET', url: '/api/x' }) as unknown as FastifyRequest;

describe('resolveNetworks (decision 046)', () => {
  it('-> a global route ignores ?network=; a named one takes it from its field', async () => {
    expect(await resolveNetworks(request({}, { network: 'neta' }), network.global('test'), lookups)).toEqual({
      networks: undefined,
    });
    expect((await resolveNetworks(request({ network: 'neta' }), network.param(), lookups)).networks).toEqual([
      'neta',
    ]);
  });

  it('-> when ?network= and the path name different networks, returns 400 naming network', async () => {
    await expect(
      resolveNetworks(request({ network: 'neta' }, { network: 'netb' }), network.param(), lookups),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^network: /) });
  });

  it('-> an object is judged on its own network; one outside the named network is 404 naming the field', async () => {
    const byNode = network.of('node', 'nodeid', 'network');
    expect((await resolveNetworks(request({ nodeid: 'node-b' }), byNode, lookups)).networks).toEqual([
      'netb',
    ]);
    await expect(
      resolveNetworks(request({ nodeid: 'node-b', network: 'neta' }), byNode, lookups),
    ).rejects.toMatchObject({ statusCode: 404, message: 'nodeid: node node-b not found in network neta' });
    await expect(
      resolveNetworks(request({ nodeid: 'node-b' }, { network: 'neta' }), byNode, lookups),
    ).rejects.toMatchObject({ statusCode: 404 });
    // An unknown object leaves the named network (or a global judgment) to decide; its service answers 404.
    const unknown = await resolveNetworks(request({ nodeid: 'nope', network: 'neta' }), byNode, lookups);
    expect(unknown.networks).toEqual(['neta']);
    // A host is in each network it has a node in.
    const host = await resolveNetworks(request({ hostid: 'host-ab' }), network.of('host', 'hostid'), lookups);
    expect(host.networks).toEqual(['neta', 'netb']);
  });

  it('-> a body naming another network than the authorized one is refused; a global request may name any', async () => {
    const byBody = network.body('network_id');
    await expect(
      checkBodyNetwork(request({}, {}, { network_id: 'netb' }), byBody, ['neta'], lookups),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/network_id names network netb/),
    });
    await expect(
      checkBodyNetwork(request({}, {}, { network_id: 'netb' }), byBody, undefined, lookups),
    ).resolves.toBeUndefined();
    await expect(
      checkBodyNetwork(request({}, {}, { id: 'netb.web' }), network.body('id', 'tag'), ['neta'], lookups),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the auth plugin (decision 046)', () => {
  const app = () => {
    const instance = Fastify();
    installAuth(instance, {
      tokens: {} as TokenService,
      masterKey: undefined,
      findActiveUser: async () => undefined,
      useAccessToken: async () => false,
      lookups: new NetworkLookups(),
    });
    return instance;
  };

  it('-> a route whose access rule declares no network locator does not register', async () => {
    const instance = app();
    const undeclared = { kind: 'user', rule: 'admin' } as unknown as Access;
    expect(() => instance.get('/api/things', { config: { access: undeclared } }, () => 'x')).toThrow(
      /declares no network locator/,
    );
    await instance.close();
  });

  it('-> a server whose route is found by an object without a lookup does not start', async () => {
    const instance = app();
    instance.get(
      '/api/things/:nodeid',
      { config: { access: access.admin(network.of('node', 'nodeid')) } },
      () => 'x',
    );
    await expect(instance.ready()).rejects.toThrow(/no network lookup for node/);
  });
});
