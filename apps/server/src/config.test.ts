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

describe('loadConfig -> node status (decision 050)', () => {
  it('-> with an empty environment, a stopped agent is unstable within 2 minutes and offline within 5', () => {
    const { status } = loadConfig({});
    expect(status).toEqual({
      checkInMs: 30_000,
      unstableAfterMs: 90_000,
      offlineAfterMs: 240_000,
      sweepEveryMs: 15_000,
    });
    // The agent's last check-in is at or before its stop; a sweep sees the change within sweepEveryMs after.
    expect(status.unstableAfterMs + status.sweepEveryMs).toBeLessThanOrEqual(120_000);
    expect(status.offlineAfterMs + status.sweepEveryMs).toBeLessThanOrEqual(300_000);
  });

  it('-> with short settings (tests), sweeps every half interval', () => {
    const { status } = loadConfig({
      AGENT_CHECK_IN_SECONDS: '1',
      STATUS_GRACE_SECONDS: '1',
      STATUS_OFFLINE_AFTER_SECONDS: '4',
    });
    expect(status).toEqual({
      checkInMs: 1000,
      unstableAfterMs: 2000,
      offlineAfterMs: 4000,
      sweepEveryMs: 500,
    });
  });

  it.each([
    [{ AGENT_CHECK_IN_SECONDS: '0' }, 'AGENT_CHECK_IN_SECONDS'],
    [{ AGENT_CHECK_IN_SECONDS: 'often' }, 'AGENT_CHECK_IN_SECONDS'],
    [{ STATUS_GRACE_SECONDS: '-1' }, 'STATUS_GRACE_SECONDS'],
    [{ STATUS_OFFLINE_AFTER_SECONDS: '1.5' }, 'STATUS_OFFLINE_AFTER_SECONDS'],
    [{ STATUS_OFFLINE_AFTER_SECONDS: '90' }, 'STATUS_OFFLINE_AFTER_SECONDS'],
  ])('-> when %o, throws a ConfigError naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
