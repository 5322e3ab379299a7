import type { ChangeEvent } from '@meshdeck/contracts';
import type { NetworkTransaction, NetworkUsage } from '../networks/networks.public.ts';
import { EnrollmentKeysRepository } from './enrollment-keys.repository.ts';
import { NetworkKeysService } from './network-keys.service.ts';

/**
 * Wraps a NetworkUsage so network create and delete also handle enrollment keys in the same transaction: a new
 * network gets its default key, a deleted network is taken off every key (after its members are removed).
 */
export function withNetworkKeys(usage: NetworkUsage): NetworkUsage {
  const keysIn = (trx: NetworkTransaction) => new NetworkKeysService(new EnrollmentKeysRepository(trx));
  return {
    countNodes: (netid, trx) => usage.countNodes(netid, trx),
    countNodesByNetwork: () => usage.countNodesByNetwork(),
    async createNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
      const changes = await usage.createNetworkMembers(netid, trx);
      return [...changes, ...(await keysIn(trx).createDefaultKey(netid))];
    },
    async deleteNetworkMembers(netid: string, trx: NetworkTransaction): Promise<ChangeEvent[]> {
      const changes = await usage.deleteNetworkMembers(netid, trx);
      return [...changes, ...(await keysIn(trx).removeNetwork(netid))];
    },
  };
}
