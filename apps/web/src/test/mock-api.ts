import { vi } from 'vitest';
import { apiClient } from '@/lib/api-client.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A fake endpoint: receives the request body (POST/PUT) and may return a value or throw an ApiError. */
export type MockHandler = (body: unknown) => unknown;

/**
 * Answers apiClient calls from a table such as `{ 'GET users/adm/hassuperadmin': () => true }`.
 * Test files must `vi.mock('@/lib/api-client.ts', ...)` first so apiClient's methods are vi.fn().
 * An unlisted call fails the test loudly instead of hanging.
 */
export function mockApi(routes: Partial<Record<`${Method} ${string}`, MockHandler>>) {
  const answer = (method: Method, path: string, body?: unknown) => {
    const handler = routes[`${method} ${path}`];
    if (!handler) return Promise.reject(new Error(`unexpected API call ${method} ${path}`));
    try {
      return Promise.resolve(handler(body));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  vi.mocked(apiClient.get).mockImplementation((path) => answer('GET', path));
  vi.mocked(apiClient.post).mockImplementation((path, body) => answer('POST', path, body));
  vi.mocked(apiClient.put).mockImplementation((path, body) => answer('PUT', path, body));
  vi.mocked(apiClient.delete).mockImplementation((path) => answer('DELETE', path));
}
