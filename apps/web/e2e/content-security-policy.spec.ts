import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test.describe('content security policy', () => {
  test('when the console loads and pages render under the server CSP, then the browser reports no violation', async ({
    page,
  }) => {
    // Chromium reports every blocked script, style, image or connection as a console error naming the policy.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    const login = await page.goto('/login');
    expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await signIn(page);
    for (const path of ['/networks', '/devices', '/keys', '/dashboard']) {
      await page.goto(path);
      await expect(page.locator('#splash')).toHaveCount(0);
    }
    expect(violations).toEqual([]);
  });
});
