import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** The licence variables (decision 041), documented in README.md. */
export const licenseEnvSchema = z.object({
  LICENSE_KEY: optionalText,
  LICENSE_FILE: optionalText,
  LICENSE_TEST_PUBLIC_KEY: optionalText,
  NODE_ENV: z.string().optional(),
});

/**
 * The Pro licence: the token itself (LICENSE_KEY) or a file holding it (LICENSE_FILE, re-read by
 * POST /api/v1/server/license/validation), and a public key that replaces the shipped one, honoured only under
 * NODE_ENV=test so tests can sign their own licences.
 */
export interface LicenseConfig {
  key: string | undefined;
  file: string | undefined;
  testPublicKey: string | undefined;
}

/** The licence source, or the problem with it; a test public key outside tests would let anyone sign licences. */
export function licenseConfig(
  e: z.infer<typeof licenseEnvSchema>,
  resolve: (p: string) => string,
): LicenseConfig | string {
  if (e.LICENSE_KEY !== undefined && e.LICENSE_FILE !== undefined)
    return 'LICENSE_KEY, LICENSE_FILE: set one of them, not both';
  if (e.LICENSE_TEST_PUBLIC_KEY !== undefined && e.NODE_ENV !== 'test')
    return 'LICENSE_TEST_PUBLIC_KEY: is for tests only (it is honoured with NODE_ENV=test)';
  return {
    key: e.LICENSE_KEY,
    file: e.LICENSE_FILE === undefined ? undefined : resolve(e.LICENSE_FILE),
    testPublicKey: e.LICENSE_TEST_PUBLIC_KEY,
  };
}
