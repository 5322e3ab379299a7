import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('-> with an empty environment, applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      edition: 'community',
      serverName: 'meshdeck',
      jwtValidityMinutes: 720,
      databaseUrl: undefined,
    });
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

describe('loadConfig -> where to listen', () => {
  it.each([
    [{ PORT: '' }, 'PORT: must be a port number 0-65535 (it is empty'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ MQTT_PORT: '' }, 'MQTT_PORT'],
    [{ HOST: '' }, 'HOST'],
    [{ HOST: 'bad..host' }, 'HOST: must be an IP address or a host name'],
    [{ HOST: 'under_score' }, 'HOST'],
  ])('-> with %j, throws a ConfigError saying %s', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('-> accepts port 0 (a free one), IPv4 and IPv6 addresses and host names', () => {
    expect(loadConfig({ PORT: '0', HOST: '::' })).toMatchObject({ port: 0, host: '::' });
    expect(loadConfig({ PORT: '65535', HOST: '10.1.2.3' })).toMatchObject({ port: 65535, host: '10.1.2.3' });
    expect(loadConfig({ HOST: 'mesh-1.example.org' }).host).toBe('mesh-1.example.org');
  });
});
