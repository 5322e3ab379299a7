import net from 'node:net';
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

const unsetWhenEmpty = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());
const listOf = (value: string) => value.split(',').map((item) => item.trim()).filter((item) => item !== '');

/** An IPv4/IPv6 address, optionally with a prefix length (a CIDR range). */
const isAddressOrRange = (value: string): boolean => {
  const [address = '', prefix, extra] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

/**
 * TRUST_PROXY: unset/empty/"false"/"0" trusts nobody (the client address is the socket's), a number trusts that
 * many proxy hops, otherwise a comma list of proxy addresses or CIDR ranges. "true" (trust anyone) is refused:
 * it would let every client pick its own address and walk around the rate limits.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform(unsetWhenEmpty)
  .superRefine((value, context) => {
    if (value === undefined || value === 'false' || /^\d+$/.test(value)) return;
    const bad = listOf(value).filter((item) => !isAddressOrRange(item));
    if (bad.length > 0 || listOf(value).length === 0) {
      context.addIssue({ code: 'custom', message: `must be a hop count or a comma list of proxy addresses/CIDR ranges (bad: ${bad.join(', ') || value})` });
    }
  })
  .transform((value): TrustProxy => {
    if (value === undefined || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    return listOf(value);
  });

/** CORS_ALLOWED_ORIGIN: unset means same-origin only; otherwise a comma list of exact origins, or "*". */
const corsOriginSchema = z
  .string()
  .optional()
  .transform(unsetWhenEmpty)
  .superRefine((value, context) => {
    if (value === undefined || value === '*') return;
    const bad = listOf(value).filter((origin) => {
      try {
        return new URL(origin).origin !== origin;
      } catch {
        return true;
      }
    });
    if (bad.length > 0) context.addIssue({ code: 'custom', message: `must be "*" or a comma list of origins such as https://console.example.com (bad: ${bad.join(', ')})` });
  })
  .transform((value) => (value === undefined ? [] : value === '*' ? '*' : listOf(value)));

/** Every environment variable the server reads, with its default (documented in README.md). */
const envSchema = z.object({
  PORT: port(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
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
  CORS_ALLOWED_ORIGIN: corsOriginSchema,
  TRUST_PROXY: trustProxySchema,
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
  HOST_AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(120),
});

/** Which proxies may set X-Forwarded-For: nobody (false), a hop count, or proxy addresses/CIDR ranges. */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqtt: { url: string | undefined; host: string; port: number; publicUrl: string | undefined };
  edition: 'community' | 'pro';
  serverName: string;
  publicApiUrl: string | undefined;
  jwtValidityMinutes: number;
  /** Browser origins allowed to call the API cross-origin: none (same-origin only), a list, or any ('*'). */
  corsAllowedOrigins: string[] | '*';
  trustProxy: TrustProxy;
  masterKey: string | undefined;
  consoleDir: string;
  agentDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  loginRateLimitPerMinute: number;
  registerRateLimitPerMinute: number;
  hostAuthRateLimitPerMinute: number;
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
    mqtt: { url: e.MQTT_URL, host: e.MQTT_HOST, port: e.MQTT_PORT, publicUrl: e.MQTT_PUBLIC_URL },
    edition: e.EDITION,
    serverName: e.SERVER_NAME,
    publicApiUrl: e.PUBLIC_API_URL,
    jwtValidityMinutes: e.JWT_VALIDITY_MINUTES,
    corsAllowedOrigins: e.CORS_ALLOWED_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    masterKey: e.MASTER_KEY,
    consoleDir: path.resolve(e.CONSOLE_DIR),
    agentDir: path.resolve(e.AGENT_DIR),
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    registerRateLimitPerMinute: e.REGISTER_RATE_LIMIT_PER_MINUTE,
    hostAuthRateLimitPerMinute: e.HOST_AUTH_RATE_LIMIT_PER_MINUTE,
  };
}
