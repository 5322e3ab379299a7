import type { TFunction } from 'i18next';

const KNOWN = ['super-admin', 'admin', 'platform-user', 'service-user', 'auditor'] as const;

/** The translated name of a built-in platform role; custom roles keep their own name. */
export function platformRoleLabel(t: TFunction<'people'>, roleId: string, fallback?: string): string {
  return (KNOWN as readonly string[]).includes(roleId)
    ? t(`platformRoles.${roleId as (typeof KNOWN)[number]}`)
    : (fallback ?? roleId);
}
