import { hasControlCharacters } from '@meshdeck/contracts';
import type { ExtClientRow } from './ext-clients.repository.ts';
import {
  DEFAULT_GATEWAY_KEEPALIVE,
  DEFAULT_GATEWAY_MTU,
  clientAllowedIps,
  endpointText,
  type GatewayContext,
} from './gateway-context.ts';

export interface ConfigOptions {
  /** The QR variant leaves PostUp / PostDown out (api-contract §2.7). */
  withScripts: boolean;
  preferredIp?: string;
}

/**
 * A client's wg-quick configuration (api-contract §5.6): [Interface] with its /32 and /128, key, MTU, DNS and
 * scripts; one [Peer], the gateway, with the ranges the client reaches through it. Lines without a value are
 * left out, since wg-quick refuses an empty `DNS =`.
 */
export function buildClientConfig(client: ExtClientRow, gw: GatewayContext, options: ConfigOptions): string {
  const addresses = [
    client.address && `${client.address}/32`,
    client.address6 && `${client.address6}/128`,
  ].filter(Boolean);
  const mtu = gw.settings.ingressmtu || gw.host.mtu || DEFAULT_GATEWAY_MTU;
  const dns = client.dns || gw.settings.ingressdns;
  const endpoint = endpointText(gw, options.preferredIp);
  const keepalive = gw.settings.ingresspersistentkeepalive || DEFAULT_GATEWAY_KEEPALIVE;
  const lines = [
    '[Interface]',
    `Address = ${addresses.join(',')}`,
    `PrivateKey = ${client.private_key}`,
    `MTU = ${mtu}`,
    ...(isBlank(dns) ? [] : [`DNS = ${dns}`]),
    ...(options.withScripts && !isBlank(client.post_up) ? [`PostUp = ${client.post_up}`] : []),
    ...(options.withScripts && !isBlank(client.post_down) ? [`PostDown = ${client.post_down}`] : []),
    '',
    '[Peer]',
    `PublicKey = ${gw.host.public_key}`,
    `AllowedIPs = ${clientAllowedIps(gw).join(',')}`,
    ...(endpoint ? [`Endpoint = ${endpoint}`] : []),
    `PersistentKeepalive = ${keepalive}`,
  ];
  // Request schemas keep line breaks out of every stored field; a value that still holds one (a row written before
  // they did, a bug) must not become extra directives in a file wg-quick runs as root: refuse to render it.
  const unsafe = lines.find((line) => hasControlCharacters(line));
  if (unsafe !== undefined) throw new Error(`client ${client.client_id}: a config value holds a line break`);
  return `${lines.join('\n')}\n`;
}

/** A value of only spaces says nothing: its directive is left out (a `PostUp =` with no command is no script). */
function isBlank(value: string | null | undefined): boolean {
  return !value?.trim();
}
