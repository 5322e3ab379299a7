import { describe, expect, it } from 'vitest';
import { groupIdFromName, toGroupWire } from './groups.ts';

describe('people groups mapping', () => {
  it('-> when a group is new, its id is the name lower-cased with dashes', () => {
    expect(groupIdFromName('  Site Reliability ')).toBe('site-reliability');
    expect(
      toGroupWire({ id: '', name: 'Ops', description: 'd', networkRoles: { net1: [] }, members: [] }),
    ).toEqual({
      id: 'ops',
      name: 'Ops',
      meta_data: 'd',
      network_roles: {},
    });
  });
});
