import { networkSchema, toNetwork, type Network } from '@meshdeck/contracts';
import { z } from 'zod';
import { apiClient } from '../api-client.ts';

/** GET networks, mapped to the clean type and sorted by id (the contract sorts too; older servers may not). */
export async function getNetworks(signal?: AbortSignal): Promise<Network[]> {
  const wire = await apiClient.get('networks', { schema: z.array(networkSchema).nullable(), signal });
  return (wire ?? []).map(toNetwork).sort((a, b) => a.netId.localeCompare(b.netId));
}
