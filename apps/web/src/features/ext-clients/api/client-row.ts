/**
 * PLACEHOLDER until packages/contracts/src/ext-clients.ts lands (ra-server): the clean client the tables show.
 */
export interface ClientRow {
  /** = clientId: unique server-wide (api-contract §5.7), the row id of the list pattern. */
  id: string;
  clientId: string;
  network: string;
  address: string;
  address6: string;
  publicKey: string;
  dns: string;
  extraAllowedIps: string[];
  gatewayId: string;
  gatewayEndpoint: string;
  enabled: boolean;
  ownerId: string;
  postUp: string;
  postDown: string;
}

/** PLACEHOLDER mapping of the wire ExtClient (api-contract §3.4). */
export function toClientRow(wire: Record<string, unknown>): ClientRow {
  const text = (key: string) => (typeof wire[key] === 'string' ? wire[key] : '');
  return {
    id: text('clientid'),
    clientId: text('clientid'),
    network: text('network'),
    address: text('address'),
    address6: text('address6'),
    publicKey: text('publickey'),
    dns: text('dns'),
    extraAllowedIps: Array.isArray(wire.extraallowedips) ? (wire.extraallowedips as string[]) : [],
    gatewayId: text('ingressgatewayid'),
    gatewayEndpoint: text('ingressgatewayendpoint'),
    enabled: wire.enabled === true,
    ownerId: text('ownerid'),
    postUp: text('postup'),
    postDown: text('postdown'),
  };
}
