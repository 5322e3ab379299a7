import { dnsEntrySchema, type DnsEntry, type DnsEntryInput } from '@meshdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '@/lib/api-client.ts';
import { useResourceMutation } from '@/lib/api/use-resource-mutation.ts';

/** Keys start with `dns`, the resource the server announces, so the change stream refreshes the page. */
export const dnsKeys = { network: (networkId: string) => ['dns', networkId] as const };

/** A network's entry as the page shows it: automatic `<host>.<network>` entries cannot be deleted. */
export interface DnsRow extends DnsEntry {
  isAutomatic: boolean;
}

const listSchema = z.array(dnsEntrySchema).nullable();
const net = (networkId: string) => encodeURIComponent(networkId);

/** GET dns/adm/{net}/nodes and /custom: the automatic entries first, then the custom ones (api-contract §2.10). */
async function getDnsRows(networkId: string, signal?: AbortSignal): Promise<DnsRow[]> {
  const [automatic, custom] = await Promise.all([
    apiClient.get(`dns/adm/${net(networkId)}/nodes`, { schema: listSchema, signal }),
    apiClient.get(`dns/adm/${net(networkId)}/custom`, { schema: listSchema, signal }),
  ]);
  return [
    ...(automatic ?? []).map((entry) => ({ ...entry, isAutomatic: true })),
    ...(custom ?? []).map((entry) => ({ ...entry, isAutomatic: false })),
  ];
}

export const useDnsRows = (networkId: string) =>
  useQuery({ queryKey: dnsKeys.network(networkId), queryFn: ({ signal }) => getDnsRows(networkId, signal) });

export const useCreateDnsEntry = (networkId: string) =>
  useResourceMutation(
    (body: DnsEntryInput) => apiClient.post(`dns/${net(networkId)}`, body),
    [dnsKeys.network(networkId)],
  );

export const useDeleteDnsEntry = (networkId: string) =>
  useResourceMutation(
    (name: string) =>
      apiClient.delete(`dns/${net(networkId)}/${encodeURIComponent(name)}`, { responseType: 'text' }),
    [dnsKeys.network(networkId)],
  );
