import { describe, expect, it } from 'vitest';
import { addVersionPrefix, hostedRewrite, stripVersionPrefix } from './hosted.ts';

describe('hosted UI-version prefix', () => {
  it('when a path carries /v0.30.0, then the router sees it without the prefix', () => {
    expect(stripVersionPrefix('/v0.30.0/networks/lab/nodes')).toBe('/networks/lab/nodes');
    expect(stripVersionPrefix('/v0.30.0')).toBe('/');
    expect(stripVersionPrefix('/networks')).toBe('/networks');
    expect(stripVersionPrefix('/v0.30.01/x')).toBe('/v0.30.01/x');
  });

  it('when the router writes a URL, then the prefix is added once', () => {
    expect(addVersionPrefix('/dashboard')).toBe('/v0.30.0/dashboard');
    expect(addVersionPrefix('/v0.30.0/dashboard')).toBe('/v0.30.0/dashboard');
    const url = new URL('http://console.test/v0.30.0/keys?x=1');
    expect(String(hostedRewrite.input?.({ url }))).toBe('http://console.test/keys?x=1');
  });
});
