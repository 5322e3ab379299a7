import { UI_VERSION, type ServerConfig, type ServerStatus } from '@meshdeck/contracts';
import type { Config } from '../../config.ts';
import { withoutCredentials } from '../../lib/redact.ts';
import type { LicenseStatus } from '../licenses/licenses.public.ts';

export interface HealthProbes {
  isDatabaseHealthy(): Promise<boolean>;
  isBrokerConnected(): boolean;
  databaseEngine: 'sqlite' | 'postgres';
  brokerUrl: string;
  /** The licence fields at this moment (trial, licence or its error). */
  license(): LicenseStatus;
}

/** The server version reported to consoles and agents. */
export const SERVER_VERSION = `v${UI_VERSION}`;
const MASKED = '(hidden)';

/** Server status and configuration as the contract describes them. No HTTP, no SQL. */
export class ServerService {
  constructor(
    private readonly config: Config,
    private readonly probes: HealthProbes,
  ) {}

  /** Live database and broker checks plus edition and licence fields. */
  async status(): Promise<ServerStatus> {
    const [dbConnected, brokerConnected] = [
      await this.probes.isDatabaseHealthy(),
      this.probes.isBrokerConnected(),
    ];
    const license = this.probes.license();
    return {
      db_connected: dbConnected,
      broker_connected: brokerConnected,
      is_broker_conn_open: brokerConnected,
      license_error: license.licenseError,
      is_pro: license.isPro,
      trial_end_date: license.trialEndDate,
      is_on_trial_license: license.isOnTrial,
      // The hosted edition serves many tenants' consoles (HOSTED=true); every other server is its admin's own.
      deployment_mode: this.config.console.isHosted ? 'hosted' : 'self-hosted',
      version: SERVER_VERSION,
      auth_provider: this.config.oidc ? 'oidc' : '',
    };
  }

  /** The dashboard's configuration object; secrets are always masked. */
  getConfig(apiHost: string): ServerConfig {
    const isPro = this.config.edition === 'pro' ? 'yes' : 'no';
    return {
      Version: SERVER_VERSION,
      APIHost: apiHost,
      APIPort: String(this.config.port),
      APIConnString: apiHost,
      Server: this.config.serverName,
      // MQTT_URL may carry the server's own broker login (mqtt://user:pass@host): never hand it out.
      Broker: withoutCredentials(this.probes.brokerUrl),
      BrokerType: this.config.mqtt.url ? 'mosquitto' : 'embedded',
      Database: this.probes.databaseEngine,
      DNSMode: 'off',
      IsEE: isPro,
      IsPro: isPro,
      MasterKey: MASKED,
      DNSKey: MASKED,
      ClientID: '',
      ClientSecret: '',
      AuthProvider: this.config.oidc ? 'oidc' : '',
      FrontendURL: this.config.frontendUrl ?? '',
      NetmakerTenantID: '',
      Platform: 'linux',
      Verbosity: 1,
      JwtValidityDuration: this.config.jwtValidityMinutes * 60 * 1_000_000_000,
      DefaultDomain: 'nm.internal',
      ManageDNS: false,
      Stun: false,
      MetricInterval: '15',
      MetricsPort: 51821,
    };
  }
}
