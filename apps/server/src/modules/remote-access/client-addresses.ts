import { findFreeAddress } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { NetworkInfo, NodeRecords } from '../nodes/nodes.public.ts';

/**
 * The highest free address of each of the network's ranges (api-contract §5.1: clients scan down from the top,
 * nodes up from the bottom). Call under the network's write lock: the taken set covers nodes and clients.
 */
export async function allocateClientAddresses(
  nodes: Pick<NodeRecords, 'usedAddresses'>,
  network: NetworkInfo,
): Promise<{ address: string | null; address6: string | null }> {
  const taken = await nodes.usedAddresses(network.netid);
  const address = network.addressrange ? findFreeAddress(network.addressrange, taken, 'highest') : undefined;
  const address6 = network.addressrange6
    ? findFreeAddress(network.addressrange6, taken, 'highest')
    : undefined;
  if ((network.addressrange && !address) || (network.addressrange6 && !address6)) {
    throw badRequest(
      `no free addresses in network ${network.netid}: no unique addresses available, check the network subnet`,
    );
  }
  return { address: address ?? null, address6: address6 ?? null };
}
