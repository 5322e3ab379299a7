import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { StartupError, describeDatabaseUrl, describeStartupError } from './startup-errors.ts';

const withCode = (code: string, message = `failed with ${code}`, syscall = 'connect') =>
  Object.assign(new Error(message), { code, syscall });
const listenError = (code: string) => withCode(code, `listen ${code}`, 'listen');
const sqlite = loadConfig({ DATA_DIR: '/srv/meshdeck', MQTT_PORT: '1884', PORT: '8081' });
const postgres = loadConfig({ DATABASE_URL: 'postgres://admin:hunter22@db.internal:5433/mesh' });

describe('describeStartupError', () => {
  it("-> a taken port while listening names PORT; while building, the broker's MQTT_PORT", () => {
    expect(describeStartupError(listenError('EADDRINUSE'), 'listen', sqlite)).toMatch(
      /^PORT: port 8081 .* already in use/,
    );
    expect(describeStartupError(listenError('EADDRINUSE'), 'build', sqlite)).toMatch(
      /^MQTT_PORT: port 1884 .* already in use/,
    );
    // A permission error of the file system is not the broker's port.
    expect(describeStartupError(withCode('EACCES', 'permission denied', 'open'), 'build', sqlite)).toMatch(
      /^start-up failed/,
    );
  });

  it("-> an address that is not this machine's names HOST", () => {
    expect(describeStartupError(listenError('EADDRNOTAVAIL'), 'listen', sqlite)).toMatch(
      /^HOST: cannot listen on 0\.0\.0\.0/,
    );
  });

  it('-> a PostgreSQL connection or login failure names DATABASE_URL and never shows the password', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('28P01', 'password authentication failed for user "admin"'),
      withCode('3D000'),
    ]) {
      const line = describeStartupError(error, 'build', postgres);
      expect(line).toMatch(/^DATABASE_URL: cannot use PostgreSQL at db\.internal:5433\/mesh/);
      expect(line).not.toContain('hunter22');
    }
  });

  it('-> a SQLite error names DATA_DIR', () => {
    expect(
      describeStartupError(withCode('SQLITE_CORRUPT', 'database disk image is malformed'), 'build', sqlite),
    ).toMatch(/^DATA_DIR: cannot use the SQLite database in \/srv\/meshdeck \(SQLITE_CORRUPT/);
  });

  it('-> keeps a StartupError as it is and puts anything else on one line', () => {
    expect(describeStartupError(new StartupError('MQTT_URL', 'cannot reach'), 'build', sqlite)).toBe(
      'MQTT_URL: cannot reach',
    );
    expect(describeStartupError(new Error('first\n  second'), 'build', sqlite)).toBe(
      'start-up failed: first second',
    );
  });
});

describe('describeDatabaseUrl', () => {
  it('-> shows host, port and database, never the credentials', () => {
    expect(describeDatabaseUrl('postgres://u:p@h:1/d')).toBe('h:1/d');
    expect(describeDatabaseUrl('postgres://u:p@:::bad')).toBe('an unparsable URL');
  });
});
