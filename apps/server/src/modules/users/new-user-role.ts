import { platformRoleIds, type Edition, type PlatformRoleId } from '@meshdeck/contracts';
import type { Principal } from '../../auth/access.ts';
import { badRequest, forbidden } from '../../lib/api-error.ts';

/** Roles an admin may hand out on Pro; community has only admins (api-contract §1.1). */
const PRO_ASSIGNABLE: readonly PlatformRoleId[] = ['admin', 'platform-user', 'service-user', 'auditor'];

const isPlatformRoleId = (value: string): value is PlatformRoleId =>
  (platformRoleIds as readonly string[]).includes(value);

/**
 * The platform role a new user gets (api-contract §2.12). Pure so each rule is testable without a database:
 * nobody creates a super-admin here, only the super-admin (or the master key) creates admins, community forces
 * admin, and Pro accepts only its assignable roles.
 */
export function resolveNewUserRole(
  edition: Edition,
  caller: Principal,
  requested: string | undefined,
): PlatformRoleId {
  const wanted = requested?.trim() ?? '';
  if (wanted === 'super-admin') throw forbidden('the super-admin role cannot be assigned to a new user');
  let role: PlatformRoleId;
  if (edition === 'community') {
    // Every community user is an admin, whatever the body asks for.
    role = 'admin';
  } else {
    if (wanted === '') throw badRequest('platform_role_id is required');
    if (!isPlatformRoleId(wanted) || !PRO_ASSIGNABLE.includes(wanted)) {
      throw badRequest(`platform role ${wanted} does not exist`);
    }
    role = wanted;
  }
  const isSuperAdminCaller =
    caller.kind === 'user' && (caller.isMaster || caller.platformRoleId === 'super-admin');
  if (role === 'admin' && !isSuperAdminCaller) throw forbidden('only the super-admin can create admins');
  return role;
}
