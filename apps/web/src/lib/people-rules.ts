import { isPlatformAdminRole, type PeopleUser } from '@meshdeck/contracts';

export interface Caller {
  username: string;
  platformRoleId: string;
}

/** Why an action is not allowed, as a translation key of the `people` namespace; null when it is allowed. */
export type Refusal =
  | 'rules.superAdminUndeletable'
  | 'rules.notYourself'
  | 'rules.onlySuperAdminForAdmins'
  | 'rules.onlySuperAdminTransfers'
  | 'rules.transferToAdminOnly'
  | 'rules.ssoNoPassword'
  | null;

/**
 * The user-management rules of api-contract §2.12, decided before the click so the menu can say why an item is
 * disabled instead of letting the server refuse it: nobody deletes the super admin or themselves, admins
 * cannot touch other admins, only the super admin hands the role over, and only to an admin.
 */
export function userActionRules(caller: Caller, target: PeopleUser) {
  const isSelf = caller.username === target.username;
  const isCallerSuper = caller.platformRoleId === 'super-admin';
  const isTargetAdmin = isPlatformAdminRole(target.platformRoleId);
  const needsSuper = isTargetAdmin && !isCallerSuper && !isSelf;

  const del: Refusal =
    target.platformRoleId === 'super-admin'
      ? 'rules.superAdminUndeletable'
      : isSelf
        ? 'rules.notYourself'
        : needsSuper
          ? 'rules.onlySuperAdminForAdmins'
          : null;
  const transfer: Refusal = !isCallerSuper
    ? 'rules.onlySuperAdminTransfers'
    : isSelf || target.platformRoleId !== 'admin'
      ? 'rules.transferToAdminOnly'
      : null;
  const password: Refusal = target.isOAuth
    ? 'rules.ssoNoPassword'
    : needsSuper
      ? 'rules.onlySuperAdminForAdmins'
      : null;
  const edit: Refusal =
    needsSuper || (target.platformRoleId === 'super-admin' && !isSelf)
      ? 'rules.onlySuperAdminForAdmins'
      : null;
  return { delete: del, transfer, password, edit };
}

/** Platform roles the caller may hand out: never super admin (only by transfer); admin only by the super admin. */
export const assignablePlatformRoles = (callerRoleId: string, roleIds: readonly string[]): string[] =>
  roleIds.filter((id) => id !== 'super-admin' && (id !== 'admin' || callerRoleId === 'super-admin'));
