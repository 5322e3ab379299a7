import { z } from 'zod';

export { UI_VERSION } from './version.ts';
export const editions = ['community', 'pro'] as const;
export type Edition = (typeof editions)[number];

/** Raw GET /api/server/status body (api-contract §2.1). */
export const serverStatusSchema = z.object({
  db_connected: z.boolean(),
  broker_connected: z.boolean(),
  is_broker_conn_open: z.boolean(),
  license_error: z.string(),
  is_pro: z.boolean(),
  trial_end_date: z.string(),
  is_on_trial_license: z.boolean(),
  deployment_mode: z.string(),
  version: z.string(),
  /** Meshdeck addition: the single-sign-on provider ("" = none), so the sign-in page can offer SSO before login. */
  auth_provider: z.string().optional(),
});
export type ServerStatus = z.infer<typeof serverStatusSchema>;

/**
 * POST /api/v1/server/license/validation (api-contract §2.1, Pro): the envelope's Response is the licence part of
 * the status after the server read its licence again; Message is "license is valid" or the licence error.
 */
export const licenseValidationSchema = serverStatusSchema.pick({
  is_pro: true,
  license_error: true,
  trial_end_date: true,
  is_on_trial_license: true,
});
export type LicenseValidation = z.infer<typeof licenseValidationSchema>;

/**
 * Raw GET /api/server/getconfig body: PascalCase keys (api-contract §3.16). Only the populated subset is
 * listed; secrets are always masked, never sent in clear.
 */
export const serverConfigSchema = z.object({
  Version: z.string(),
  APIHost: z.string(),
  APIPort: z.string(),
  APIConnString: z.string(),
  Server: z.string(),
  Broker: z.string(),
  BrokerType: z.string(),
  Database: z.enum(['sqlite', 'postgres']),
  DNSMode: z.enum(['on', 'off']),
  IsEE: z.enum(['yes', 'no']),
  IsPro: z.enum(['yes', 'no']),
  MasterKey: z.string(),
  DNSKey: z.string(),
  ClientID: z.string(),
  ClientSecret: z.string(),
  AuthProvider: z.string(),
  FrontendURL: z.string(),
  NetmakerTenantID: z.string(),
  Platform: z.string(),
  Verbosity: z.number().int(),
  JwtValidityDuration: z.number().int(),
  DefaultDomain: z.string(),
  ManageDNS: z.boolean(),
  Stun: z.boolean(),
  MetricInterval: z.string(),
  MetricsPort: z.number().int(),
});
export type ServerConfig = z.infer<typeof serverConfigSchema>;
