import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { App } from '@/app.tsx';
import { reloadSessionFromStorage } from '@/lib/session.ts';

/**
 * Renders the whole console (providers, router, lazy pages) at `path`, after re-reading the session from
 * localStorage so each test can arrange storage first.
 */
export function renderApp(path: string) {
  reloadSessionFromStorage();
  const history = createMemoryHistory({ initialEntries: [path] });
  return { history, ...render(<App history={history} />) };
}

/** A JWT-shaped token whose payload carries `exp` (seconds); the signature is irrelevant to the console. */
export function makeToken(expSeconds: number, claims: Record<string, unknown> = {}): string {
  // Real JWTs are base64url of UTF-8 bytes, so encode the same way.
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ ...claims, exp: expSeconds })}.signature`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
