import type { BrokerHandle } from '../../broker/broker.ts';
import type { PeerSink } from './peer-changes.ts';

/**
 * Where peer updates meet the broker: the only broker calls of the peer engine. Updates are QoS 0 and not
 * retained (decision 004); hosts without a broker session are skipped, since they pull their state on connect.
 */
export function brokerPeerSink(broker: BrokerHandle, describeHost: PeerSink['describeHost']): PeerSink {
  return {
    // publishToHost seals each update with the receiving host's traffic key (api-contract §6.3).
    publish: (hostId, topic, payload) => broker.publishToHost(hostId, topic, payload, { qos: 0 }),
    describeHost,
    listeningHosts: () => broker.connectedAgents(),
  };
}
