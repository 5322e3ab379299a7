import { describe, expect, it } from 'vitest';
import { readSsoProvider } from './get-sso-provider.ts';

describe('readSsoProvider', () => {
  it('-> reads the provider a server reports', () => {
    expect(readSsoProvider({ auth_provider: 'oidc', is_ee: 'no' })).toBe('oidc');
  });

  it('-> reads none from a server without the field, with another type in it, or with no body', () => {
    expect(readSsoProvider({})).toBe('');
    expect(readSsoProvider({ auth_provider: 42 })).toBe('');
    expect(readSsoProvider(null)).toBe('');
    expect(readSsoProvider('')).toBe('');
  });
});
