/**
 * Accepts a post-login redirect target only when it is a path on this console, so a crafted link such as
 * /login?redirect=https://evil.example cannot send a freshly signed-in user elsewhere.
 */
export function toSafeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return undefined;
  }
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/signup')) return undefined;
  return value;
}
