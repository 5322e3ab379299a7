import { describe, expect, it } from 'vitest';
import { splitInviteEmails, inviteEmailSchema, toInviteUsersBody } from './invites.ts';

describe('people invites mapping', () => {
  it('-> when emails are pasted with commas, spaces and duplicates, each address is kept once', () => {
    expect(splitInviteEmails('a@x.io, b+tag@x.example\n a@x.io;c@x.io')).toEqual([
      'a@x.io',
      'b+tag@x.example',
      'c@x.io',
    ]);
  });

  it('-> when an email has a long TLD or plus-addressing it is accepted; one without a domain is not', () => {
    expect(inviteEmailSchema.safeParse('me+vpn@corp.engineering').success).toBe(true);
    expect(inviteEmailSchema.safeParse('me@localhost').success).toBe(false);
  });

  it('-> when invites are built, groups and roles become wire sets', () => {
    expect(
      toInviteUsersBody({
        emails: ['a@x.io'],
        platformRoleId: 'service-user',
        groupIds: ['g'],
        networkRoles: { net1: ['r'] },
      }),
    ).toEqual({
      user_emails: ['a@x.io'],
      platform_role_id: 'service-user',
      user_group_ids: { g: {} },
      network_roles: { net1: { r: {} } },
    });
  });
});
