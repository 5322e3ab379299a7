import { describe, expect, it } from 'vitest';
import {
  compareHostItems,
  compareNodeItems,
  nodeMatcher,
  statusFilterOf,
  worstNodeStatus,
} from './list-queries.ts';
import { nodeListQuerySchema, type NodeListItem } from './lists.ts';

const node = (name: string, overrides: Partial<NodeListItem> = {}): NodeListItem => ({
  id: `id-${name}`,
  hostId: `h-${name}`,
  network: 'n',
  name,
  address: '',
  address6: '',
  endpoint: '',
  publicKey: '',
  status: 'online',
  lastCheckIn: 0,
  isConnected: true,
  flags: [],
  tags: [],
  ...overrides,
});

describe('list rules shared by the server and the console', () => {
  it('-> a search matches name, address, id, endpoint and public key, case-insensitively', () => {
    const match = nodeMatcher({ search: '  ABC ' });
    expect(match(node('x-abc'))).toBe(true);
    expect(match(node('x', { publicKey: 'zzABCzz' }))).toBe(true);
    expect(match(node('x', { endpoint: '10.0.0.1' }))).toBe(false);
  });

  it('-> type and status filters combine with the search', () => {
    const match = nodeMatcher({ type: 'relays', status: 'unstable' });
    expect(match(node('a', { flags: ['relay'], status: 'warning' }))).toBe(true);
    expect(match(node('b', { flags: ['relay'], status: 'online' }))).toBe(false);
    expect(match(node('c', { status: 'warning' }))).toBe(false);
  });

  it('-> addresses sort by value, ties break by name, descending reverses', () => {
    const rows = [
      node('b', { address: '10.0.0.10/24' }),
      node('a', { address: '10.0.0.9/24' }),
      node('c', { address: '10.0.0.9/24' }),
    ];
    expect([...rows].sort(compareNodeItems('address')).map((r) => r.name)).toEqual(['a', 'c', 'b']);
    expect([...rows].sort(compareNodeItems('-name')).map((r) => r.name)).toEqual(['c', 'b', 'a']);
  });

  it('-> statuses map to the spec labels and a host takes the worst of its nodes', () => {
    expect(statusFilterOf('warning')).toBe('unstable');
    expect(statusFilterOf('something')).toBe('unknown');
    expect(worstNodeStatus(['online', 'offline', 'warning'])).toBe('offline');
    expect(worstNodeStatus([])).toBe('unknown');
    expect(typeof compareHostItems('port')).toBe('function');
  });

  it('-> the query schema reads ids as a list and rejects an unknown sort with a clear message', () => {
    expect(nodeListQuerySchema.parse({ ids: 'a,b', limit: '5' })).toMatchObject({
      ids: ['a', 'b'],
      limit: 5,
    });
    expect(nodeListQuerySchema.safeParse({ sort: 'colour' }).error?.issues[0]?.message).toContain(
      'sort must be one of',
    );
  });
});
