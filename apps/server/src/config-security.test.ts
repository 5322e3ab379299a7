import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig: TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.5 ,::1', ['10.0.0.0/8', '192.168.1.5', '::1']],
    ['fd00::/64', ['fd00::/64']],
  ])('-> when TRUST_PROXY is %j, trusts %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1', 'fd00::/129'])(
    '-> when TRUST_PROXY is %j, throws a ConfigError naming it',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow('TRUST_PROXY');
    },
  );
});

describe('loadConfig: CORS_ALLOWED_ORIGIN', () => {
  it('-> when unset, allows no cross-origin caller', () => {
    expect(loadConfig({}).corsAllowedOrigins).toEqual([]);
  });

  it('-> when a comma list of origins, allows exactly those; "*" allows any', () => {
    expect(
      loadConfig({ CORS_ALLOWED_ORIGIN: 'https://a.example, http://b.example:8080' }).corsAllowedOrigins,
    ).toEqual(['https://a.example', 'http://b.example:8080']);
    expect(loadConfig({ CORS_ALLOWED_ORIGIN: '*' }).corsAllowedOrigins).toBe('*');
  });

  it.each(['a.example', 'https://a.example/path', 'https://a.example,nope'])(
    '-> when %j (not an origin), throws a ConfigError naming it',
    (value) => {
      expect(() => loadConfig({ CORS_ALLOWED_ORIGIN: value })).toThrow('CORS_ALLOWED_ORIGIN');
    },
  );
});
