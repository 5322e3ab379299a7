import { envelopeSchema, userWithRoleSchema, type UserWithRole } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';

const currentUserResponseSchema = envelopeSchema(userWithRoleSchema);

/**
 * GET v1/users?username= : the user with its platform role. The token is passed explicitly because the
 * session is stored only after this call proves the role may use the dashboard.
 */
export async function getCurrentUser(username: string, token: string): Promise<UserWithRole> {
  const response = await apiClient.get('v1/users', {
    query: { username },
    token,
    schema: currentUserResponseSchema,
  });
  return response.Response;
}
