import { returnUserSchema, type CreateSuperAdminInput, type ReturnUser } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';

/** POST users/adm/createsuperadmin: only works while the server has no super admin (api-contract §7.2). */
export const createSuperAdmin = (input: CreateSuperAdminInput): Promise<ReturnUser> =>
  apiClient.post('users/adm/createsuperadmin', input, { token: null, schema: returnUserSchema });
