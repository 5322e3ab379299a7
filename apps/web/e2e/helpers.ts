import { expect, type Page } from '@playwright/test';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from '../src/lib/storage-keys.ts';

export { SESSION_STORAGE_KEYS, STORAGE_KEYS };

/** The super admin the first-run spec creates; the other specs sign in with it. */
export const ADMIN = { username: 'e2e-admin', password: 'e2e-secret-password' } as const;

/** Signs in through the form and waits for the dashboard. */
export async function signIn(
  page: Page,
  username: string = ADMIN.username,
  password: string = ADMIN.password,
) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${username}` })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The values of every session key currently in localStorage (empty object when signed out). */
export async function readSessionStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    (keys) => {
      const entries = keys.map((key) => [key, window.localStorage.getItem(key)] as const);
      return Object.fromEntries(entries.filter(([, value]) => value !== null)) as Record<string, string>;
    },
    [...SESSION_STORAGE_KEYS],
  );
}

/** A JWT-shaped token with the given exp (seconds); its signature is irrelevant to the console's check. */
export function craftToken(expSeconds: number, username: string = ADMIN.username): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ UserName: username, exp: expSeconds })}.not-a-signature`;
}
