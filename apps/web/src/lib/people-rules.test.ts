import { toPeopleUser, peopleUserWireSchema } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { assignablePlatformRoles, userActionRules } from './people-rules.ts';

const user = (username: string, platform_role_id: string, auth_type = 'basic_auth') =>
  toPeopleUser(peopleUserWireSchema.parse({ username, platform_role_id, auth_type }));

describe('userActionRules', () => {
  const superAdmin = { username: 'root', platformRoleId: 'super-admin' };
  const admin = { username: 'ann', platformRoleId: 'admin' };

  it('-> when anyone targets the super admin, delete is refused with the transfer hint', () => {
    expect(userActionRules(admin, user('root', 'super-admin')).delete).toBe('rules.superAdminUndeletable');
  });

  it('-> when an admin targets another admin, delete, edit and password are refused', () => {
    const rules = userActionRules(admin, user('bob', 'admin'));
    expect(rules).toMatchObject({
      delete: 'rules.onlySuperAdminForAdmins',
      edit: 'rules.onlySuperAdminForAdmins',
      password: 'rules.onlySuperAdminForAdmins',
    });
  });

  it('-> when the super admin targets an admin, everything is allowed including the transfer', () => {
    expect(userActionRules(superAdmin, user('bob', 'admin'))).toEqual({
      delete: null,
      transfer: null,
      password: null,
      edit: null,
    });
  });

  it('-> when the target is a service user, the transfer is refused (admins only) and an admin may delete', () => {
    const rules = userActionRules(admin, user('svc', 'service-user'));
    expect(rules.delete).toBeNull();
    expect(rules.transfer).toBe('rules.onlySuperAdminTransfers');
    expect(userActionRules(superAdmin, user('svc', 'service-user')).transfer).toBe(
      'rules.transferToAdminOnly',
    );
  });

  it('-> when the target signs in with SSO, the password change is refused', () => {
    expect(userActionRules(superAdmin, user('sso', 'platform-user', 'oauth')).password).toBe(
      'rules.ssoNoPassword',
    );
  });

  it('-> when the caller targets themself, delete is refused', () => {
    expect(userActionRules(admin, user('ann', 'admin')).delete).toBe('rules.notYourself');
  });
});

describe('assignablePlatformRoles', () => {
  const all = ['super-admin', 'admin', 'platform-user', 'service-user', 'auditor'];
  it('-> never offers super-admin, and offers admin only to the super admin', () => {
    expect(assignablePlatformRoles('super-admin', all)).toEqual([
      'admin',
      'platform-user',
      'service-user',
      'auditor',
    ]);
    expect(assignablePlatformRoles('admin', all)).toEqual(['platform-user', 'service-user', 'auditor']);
  });
});
