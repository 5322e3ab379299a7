import type { AgentServerConfig } from '@meshdeck/contracts';
import { SERVER_VERSION } from '../server/server.service.ts';

export interface AgentConfigInput {
  apiUrl: string;
  brokerUrl: string;
  serverName: string;
  isPro: boolean;
}

/**
 * ServerConfig for agents (api-contract §3.15). The broker credentials are the contract's literal `HOST_ID` /
 * `HOST_PASS`: each agent signs in to the broker as its own host id with the password it registered.
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
    MQUserName: 'HOST_ID',
    MQPassword: 'HOST_PASS',
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
