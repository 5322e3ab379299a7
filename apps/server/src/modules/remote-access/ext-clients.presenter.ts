import type { ApiExtClient } from '@meshdeck/contracts';
import { toWireSet } from '@meshdeck/contracts';
import type { ExtClientRow } from './ext-clients.repository.ts';

const unix = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

const parseList = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

const parseDetails = (text: string): Record<string, string> => {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
};

export const extraAllowedIpsOf = (row: Pick<ExtClientRow, 'extra_allowed_ips'>): string[] =>
  parseList(row.extra_allowed_ips);
export const tagsOf = (row: Pick<ExtClientRow, 'tags'>): string[] => parseList(row.tags);

export interface PresentOptions {
  /** Lists blank private keys (api-contract §2.7); only a single read shows them. */
  blankPrivateKey: boolean;
  /** `ip:port` of the gateway, '' when unknown. */
  gatewayEndpoint: string;
  /** Filled for remote-access-client answers only. */
  allowedIps?: string[];
  /** DNS to show when the client has none of its own (the gateway's). */
  defaultDns?: string;
}

/** A stored client in the contract's ExtClient form. */
export function presentExtClient(row: ExtClientRow, options: PresentOptions): ApiExtClient {
  const details = parseDetails(row.details);
  return {
    clientid: row.client_id,
    privatekey: options.blankPrivateKey ? '' : row.private_key,
    publickey: row.public_key,
    network: row.network,
    address: row.address ?? '',
    address6: row.address6 ?? '',
    dns: row.dns || (options.defaultDns ?? ''),
    extraallowedips: extraAllowedIpsOf(row),
    allowed_ips: options.allowedIps ?? [],
    ingressgatewayid: row.gateway_node_id,
    ingressgatewayendpoint: options.gatewayEndpoint,
    lastmodified: unix(row.updated_at),
    enabled: row.enabled === 1,
    ownerid: row.owner_id,
    deniednodeacls: toWireSet(parseList(row.denied_node_acls)),
    remote_access_client_id: row.remote_access_client_id,
    postup: row.post_up,
    postdown: row.post_down,
    tags: toWireSet(tagsOf(row)),
    os: details.os ?? '',
    device_name: details.device_name ?? '',
    public_endpoint: details.public_endpoint ?? '',
    country: details.country ?? '',
  };
}
