import type { Config } from '../config.ts';

/** A start-up problem already phrased for the operator: one line that starts with the variable to change. */
export class StartupError extends Error {
  constructor(variable: string, detail: string) {
    super(`${variable}: ${detail}`);
    this.name = 'StartupError';
  }
}

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
// Error messages of libraries can span lines (pg, SQLite); the operator gets one.
const oneLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();

/** Where a PostgreSQL URL points, without its user name or password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'local socket'}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
  } catch {
    return 'an unparsable URL';
  }
}

const portErrors: Record<string, (variable: string, host: string, port: number) => string> = {
  EADDRINUSE: (variable, host, port) =>
    `port ${port} on ${host} is already in use: stop the other program or set ${variable} to a free port`,
  EACCES: (variable, _host, port) =>
    `port ${port} needs privileges this process lacks: set ${variable} to 1024 or higher`,
};
const hostCodes = new Set([
  'EADDRNOTAVAIL',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EAFNOSUPPORT',
  'EINVAL',
]);
const postgresConnectionCodes = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'ERR_INVALID_URL',
]);

/** A socket listen failure as [variable, detail], naming PORT/HOST (or MQTT_PORT/MQTT_HOST). */
export function describeListenError(
  error: unknown,
  names: { port: string; host: string },
  host: string,
  port: number,
): [variable: string, detail: string] {
  const code = codeOf(error);
  const describePort = portErrors[code];
  if (describePort) return [names.port, describePort(names.port, host, port)];
  if (hostCodes.has(code))
    return [names.host, `cannot listen on ${host}: not an address of this machine (${code})`];
  return [`${names.port}/${names.host}`, `cannot listen on ${host}:${port}: ${oneLine(error)}`];
}

/**
 * Turns an error thrown while starting into one line naming the variable to change. 'build' covers opening the
 * database and the embedded broker (which binds MQTT_PORT); 'listen' is the HTTP listener.
 */
export function describeStartupError(error: unknown, phase: 'build' | 'listen', config?: Config): string {
  if (error instanceof StartupError) return error.message;
  const code = codeOf(error);
  if (config && phase === 'listen')
    return describeListenError(error, { port: 'PORT', host: 'HOST' }, config.host, config.port).join(': ');
  // While building, only the embedded broker listens.
  const syscall =
    typeof error === 'object' && error !== null && 'syscall' in error ? String(error.syscall) : '';
  if (config && syscall === 'listen' && !config.mqtt.url) {
    return describeListenError(
      error,
      { port: 'MQTT_PORT', host: 'MQTT_HOST' },
      config.mqtt.host,
      config.mqtt.port,
    ).join(': ');
  }
  if (config?.databaseUrl) {
    // PostgreSQL SQLSTATE classes 08 (connection), 28 (authorisation) and 3D000 (no such database).
    const isConnectionProblem =
      postgresConnectionCodes.has(code) ||
      /^(08|28)/.test(code) ||
      code === '3D000' ||
      /connect|terminated/i.test(oneLine(error));
    if (isConnectionProblem)
      return `DATABASE_URL: cannot use PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}: ${oneLine(error)}`;
  }
  if (config && code.startsWith('SQLITE_')) {
    return `DATA_DIR: cannot use the SQLite database in ${config.dataDir} (${code}: ${oneLine(error)}): restore it from a backup or move it away`;
  }
  return `start-up failed: ${oneLine(error)}`;
}
