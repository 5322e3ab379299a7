import { authenticateResponseSchema, type AuthenticateInput } from '@meshdeck/contracts';
import { apiClient } from '@/lib/api-client.ts';
import { LOGIN_HEADERS } from '@/lib/constants.ts';

/** POST users/adm/authenticate; a wrong password surfaces as an ApiError carrying the server's Message. */
export async function authenticate(
  credentials: AuthenticateInput,
): Promise<{ username: string; token: string }> {
  const response = await apiClient.post('users/adm/authenticate', credentials, {
    headers: LOGIN_HEADERS,
    token: null,
    isLogin: true,
    schema: authenticateResponseSchema,
  });
  return { username: response.Response.UserName, token: response.Response.AuthToken };
}
