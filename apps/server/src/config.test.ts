import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('-> with an empty environment, applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, edition: 'community', serverName: 'meshdeck', jwtValidityMinutes: 720, databaseUrl: undefined });
    expect(config.mqtt).toMatchObject({ host: '127.0.0.1', port: 1883, url: undefined });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ EDITION: 'enterprise' }, 'EDITION'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ MQTT_URL: 'http://broker' }, 'MQTT_URL'],
    [{ JWT_VALIDITY_MINUTES: '1' }, 'JWT_VALIDITY_MINUTES'],
    [{ MASTER_KEY: 'short' }, 'MASTER_KEY'],
    [{ SERVER_NAME: 'Bad Name' }, 'SERVER_NAME'],
  ])('-> with %j, throws a ConfigError naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});
