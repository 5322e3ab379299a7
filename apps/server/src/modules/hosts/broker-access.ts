import type { AgentAuthorizer } from '../../broker/broker.ts';

/** Finds the host that owns a node, for node-scoped topics. */
export type NodeOwner = (nodeId: string) => Promise<string | undefined>;

/**
 * Topic rules for agents on the embedded broker (api-contract §6.2): a host may subscribe only to its own
 * peer and host-update topics and to the node-update topics of its own nodes, and publish only its own
 * server-update topic and node-scoped topics of its own nodes. No agent can read another host's peers.
 */
export function agentTopicAuthorizer(serverName: string, ownerOf: NodeOwner): AgentAuthorizer {
  const ownsNode = async (hostId: string, nodeId: string | undefined) => !!nodeId && !/[+#]/.test(nodeId) && (await ownerOf(nodeId)) === hostId;
  return async (hostId, topic, action) => {
    const parts = topic.split('/');
    if (action === 'subscribe') {
      if (topic.startsWith(`peers/host/${hostId}/`) || topic.startsWith(`host/update/${hostId}/`)) return true;
      return parts.length === 4 && parts[0] === 'node' && parts[1] === 'update' && ownsNode(hostId, parts[3]);
    }
    if (topic === `host/serverupdate/${serverName}/${hostId}`) return true;
    return parts.length === 3 && ['update', 'signal', 'metrics'].includes(parts[0] ?? '') && parts[1] === serverName && ownsNode(hostId, parts[2]);
  };
}
