import type { AgentServerConfig } from '@meshdeck/contracts';
import { SERVER_VERSION } from '../server/server.public.ts';

export interface AgentConfigInput {
  apiUrl: string;
  brokerUrl: string;
  serverName: string;
  isPro: boolean;
  /** This host's own broker account (api-contract §6.1: one broker user per host). */
  mqtt: { username: string; password: string };
}

/**
 * ServerConfig for agents (api-contract §3.15), served only to the host it is for (registration, pull): the broker
 * credentials are that host's own account (user = host id, password derived by the server), which works on the
 * embedded broker and on a Mosquitto fed the generated password file alike.
 */
export function agentServerConfig(input: AgentConfigInput): AgentServerConfig {
  const api = new URL(input.apiUrl);
  const broker = (() => {
    try {
      return new URL(input.brokerUrl);
    } catch {
      return undefined;
    }
  })();
  const apiPort = api.port || (api.protocol === 'https:' ? '443' : '80');
  return {
    CoreDNSAddr: '',
    API: `${api.hostname}:${apiPort}`,
    APIHost: api.hostname,
    APIPort: apiPort,
    GRPC: '',
    DNSMode: 'off',
    Version: SERVER_VERSION,
    MQPort: broker?.port ?? '',
    MQUserName: input.mqtt.username,
    MQPassword: input.mqtt.password,
    BrokerType: 'mosquitto',
    Server: input.serverName,
    Broker: input.brokerUrl,
    Is_EE: input.isPro,
    TrafficKey: '',
    MetricInterval: '15',
    MetricsPort: 51821,
    IPDetectionInterval: 15,
    ManageDNS: false,
    Stun: false,
    StunServers: '',
    EndpointDetection: false,
    DefaultDomain: 'nm.internal',
    PeerConnectionCheckInterval: '15',
  };
}
