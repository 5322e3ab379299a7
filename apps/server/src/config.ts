import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Thrown when the environment cannot be turned into a valid configuration; names the variable. */
export class ConfigError extends Error {}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');

const port = (fallback: number) =>
  z.coerce.number().int().min(0, 'must be a port number 0-65535').max(65535, 'must be a port number 0-65535').default(fallback);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || protocols.some((p) => value.startsWith(`${p}://`)), {
      error: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** Every environment variable the server reads, with its default (documented in README.md). */
const envSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2, 'must be between 2 and 1000').max(1000, 'must be between 2 and 1000').default(20),
  MQTT_URL: optionalUrl(['mqtt', 'mqtts', 'tcp', 'ws', 'wss']),
  MQTT_HOST: z.string().min(1).default('127.0.0.1'),
  MQTT_PORT: port(1883),
  MQTT_PUBLIC_URL: optionalUrl(['mqtt', 'mqtts', 'tcp', 'ws', 'wss']),
  EDITION: z.enum(['community', 'pro'], { error: 'must be "community" or "pro"' }).default('community'),
  SERVER_NAME: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{0,62}$/, 'must be a lower-case host-like name (a-z, 0-9, dot, hyphen)')
    .default('meshdeck'),
  PUBLIC_API_URL: optionalUrl(['http', 'https']),
  JWT_VALIDITY_MINUTES: z.coerce.number().int().min(5, 'must be between 5 and 525600').max(525600, 'must be between 5 and 525600').default(720),
  CORS_ALLOWED_ORIGIN: z.string().min(1).default('*'),
  MASTER_KEY: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 16, { error: 'must be at least 16 characters when set' }),
  CONSOLE_DIR: z.string().min(1).default(path.join(repoRoot, 'apps', 'web', 'dist')),
  AGENT_DIR: z.string().min(1).default(path.join(repoRoot, 'packages', 'agent', 'dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(30),
  REGISTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(120),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections the server keeps at most; further queries wait in line for one. */
  databasePoolSize: number;
  mqtt: { url: string | undefined; host: string; port: number; publicUrl: string | undefined };
  edition: 'community' | 'pro';
  serverName: string;
  publicApiUrl: string | undefined;
  jwtValidityMinutes: number;
  corsAllowedOrigin: string;
  masterKey: string | undefined;
  consoleDir: string;
  agentDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  loginRateLimitPerMinute: number;
  registerRateLimitPerMinute: number;
}

/** Parses an environment (process.env by default) into a Config; throws ConfigError naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    mqtt: { url: e.MQTT_URL, host: e.MQTT_HOST, port: e.MQTT_PORT, publicUrl: e.MQTT_PUBLIC_URL },
    edition: e.EDITION,
    serverName: e.SERVER_NAME,
    publicApiUrl: e.PUBLIC_API_URL,
    jwtValidityMinutes: e.JWT_VALIDITY_MINUTES,
    corsAllowedOrigin: e.CORS_ALLOWED_ORIGIN,
    masterKey: e.MASTER_KEY,
    consoleDir: path.resolve(e.CONSOLE_DIR),
    agentDir: path.resolve(e.AGENT_DIR),
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    registerRateLimitPerMinute: e.REGISTER_RATE_LIMIT_PER_MINUTE,
  };
}
