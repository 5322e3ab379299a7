import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { consoleConfig, consoleEnvSchema, type ConsoleConfig } from './config-console.ts';
import { corsOriginSchema, trustProxySchema, type TrustProxy } from './config-security.ts';
import { licenseConfig, licenseEnvSchema, type LicenseConfig } from './config-license.ts';
import { prometheusConfig, prometheusEnvSchema, type PrometheusConfig } from './config-prometheus.ts';
import { statusConfig, statusEnvSchema, type StatusConfig } from './config-status.ts';

/** Thrown when the environment cannot be turned into a valid configuration; names the variable. */
export class ConfigError extends Error {}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');

// Digits only: coercion would turn an empty PORT into 0, a random port nobody asked for.
const port = (fallback: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((value) => /^\d{1,5}$/.test(value.trim()) && Number(value) <= 65535, {
      error: (issue) =>
        `must be a port number 0-65535${issue.input === '' ? ` (it is empty: unset it for the default ${fallback})` : ''}`,
    })
    .transform(Number);
// A host name as RFC 1123 allows it (labels of letters, digits and inner hyphens), or an IPv4/IPv6 address.
const hostName =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const listenHost = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((value) => net.isIP(value) !== 0 || hostName.test(value), {
      error: 'must be an IP address or a host name',
    });
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
  HOST: listenHost('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(2, 'must be between 2 and 1000')
    .max(1000, 'must be between 2 and 1000')
    .default(20),
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
  JWT_VALIDITY_MINUTES: z.coerce
    .number()
    .int()
    .min(5, 'must be between 5 and 525600')
    .max(525600, 'must be between 5 and 525600')
    .default(720),
  CORS_ALLOWED_ORIGIN: corsOriginSchema,
  TRUST_PROXY: trustProxySchema,
  MASTER_KEY: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .refine((value) => value === undefined || value.length >= 16, {
      error: 'must be at least 16 characters when set',
    }),
  CONSOLE_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'apps', 'web', 'dist')),
  AGENT_DIR: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'packages', 'agent', 'dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(30),
  REGISTER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(120),
  HOST_AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(120),
  ACTIVITY_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be between 1 and 3650')
    .max(3650, 'must be between 1 and 3650')
    .default(90),
  FRONTEND_URL: optionalUrl(['http', 'https']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  SMTP_FROM: z.string().default('Meshdeck <noreply@localhost>'),
  OIDC_ISSUER: optionalUrl(['http', 'https']),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  ...consoleEnvSchema.shape,
  ...licenseEnvSchema.shape,
  ...statusEnvSchema.shape,
  ...prometheusEnvSchema.shape,
});

export interface Config {
  /** Hosted mode, the upgrade check, support chat and analytics (config-console.ts). */
  console: ConsoleConfig;
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
  /** Days the activity log keeps an entry; older ones are pruned at start and hourly. */
  activityRetentionDays: number;
  /** Where the console lives, for invite links and the SSO redirect; the request's origin when unset. */
  frontendUrl: string | undefined;
  /** Invite emails go out through this SMTP server when set. */
  smtp: { url: string | undefined; from: string };
  /** Single sign-on with OpenID Connect; undefined when not configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string; allowedDomains: string[] } | undefined;
  /** The Pro licence's source (config-license.ts, decision 041). */
  license: LicenseConfig;
  /** Check-in interval and the status thresholds (config-status.ts, decision 050). */
  status: StatusConfig;
  /** Who may read GET /metrics and how many pair series it carries (config-prometheus.ts, decision 058). */
  prometheus: PrometheusConfig;
}

/** OIDC needs issuer and client id together; a half-configured provider is a start-up error, not a silent no-SSO. */
function oidcConfig(e: z.infer<typeof envSchema>): Config['oidc'] {
  const clientId = e.OIDC_CLIENT_ID?.trim() ?? '';
  if (!e.OIDC_ISSUER && clientId === '') return undefined;
  if (!e.OIDC_ISSUER || clientId === '')
    throw new ConfigError('Invalid configuration: OIDC_ISSUER and OIDC_CLIENT_ID must be set together');
  const allowedDomains = e.OIDC_ALLOWED_DOMAINS.split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d !== '');
  return { issuer: e.OIDC_ISSUER, clientId, clientSecret: e.OIDC_CLIENT_SECRET ?? '', allowedDomains };
}

/** Parses an environment (process.env by default) into a Config; throws ConfigError naming the bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const consoleParts = consoleConfig(e);
  if (typeof consoleParts === 'string') throw new ConfigError(`Invalid configuration: ${consoleParts}`);
  const license = licenseConfig(e, (file) => path.resolve(file));
  if (typeof license === 'string') throw new ConfigError(`Invalid configuration: ${license}`);
  const status = statusConfig(e);
  if (typeof status === 'string') throw new ConfigError(`Invalid configuration: ${status}`);
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
    corsAllowedOrigins: e.CORS_ALLOWED_ORIGIN,
    trustProxy: e.TRUST_PROXY,
    masterKey: e.MASTER_KEY,
    consoleDir: path.resolve(e.CONSOLE_DIR),
    agentDir: path.resolve(e.AGENT_DIR),
    logLevel: e.LOG_LEVEL,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    registerRateLimitPerMinute: e.REGISTER_RATE_LIMIT_PER_MINUTE,
    hostAuthRateLimitPerMinute: e.HOST_AUTH_RATE_LIMIT_PER_MINUTE,
    activityRetentionDays: e.ACTIVITY_RETENTION_DAYS,
    frontendUrl: e.FRONTEND_URL?.replace(/\/+$/, ''),
    smtp: { url: e.SMTP_URL, from: e.SMTP_FROM },
    oidc: oidcConfig(e),
    console: consoleParts,
    license,
    status,
    prometheus: prometheusConfig(e),
  };
}
