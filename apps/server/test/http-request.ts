import type { ApiResponse, RequestOptions } from './harness.ts';

/**
 * One HTTP call to a server under test at `base`: a bearer token and a JSON body when given; the answer's JSON, or
 * its text for plain-text routes (health). Shared by the in-process harness and the replica lab, whose servers
 * run in other processes.
 */
export async function requestJson<T>(
  base: string,
  method: string,
  urlPath: string,
  options: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${urlPath}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Plain-text routes (health) answer text; keep it as is.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
