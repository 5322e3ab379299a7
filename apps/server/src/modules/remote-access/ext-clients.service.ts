import {
  ENTER_PRIVATE_KEY_PLACEHOLDER,
  CLIENT_ID_MESSAGES,
  type ApiExtClient,
  type CustomExtClientInput,
} from '@meshdeck/contracts';
import { badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import { generateWireGuardKeys } from '@meshdeck/contracts/wireguard-keys';
import { checkExtraAllowedIps, randomClientId } from './client-input.ts';
import type { ExtClientPatch, ExtClientRow, ExtClientsRepository } from './ext-clients.repository.ts';
import { extraAllowedIpsOf, presentExtClient } from './ext-clients.presenter.ts';
import type { RouteClaims } from '../routing/routing.public.ts';
import type { GatewayDirectory } from './gateway-directory.ts';
import type { ClientWrites } from './remote-access-dependencies.ts';
import { allocateClientAddresses } from './client-addresses.ts';

/** Who is asking and how far they reach (api-contract §8.3 `self_only`): every client, or only their own. */
export interface Caller {
  username: string;
  reach: 'all' | 'own';
  /** Network admins see private keys of every client; everyone else only of their own (an auditor reads all). */
  isNetworkAdmin: boolean;
  /** The server's own addresses as the request reached it (a client's routes must stay clear of them). */
  reachedAt?: readonly string[];
}

/** Whether the caller may see a client's private key (and so download its config). */
export const seesPrivateKey = (row: ExtClientRow, caller: Caller): boolean =>
  caller.isNetworkAdmin || row.owner_id === caller.username;

/** What the service tells the rest of the server after a change: the gateway's host needs a peer update. */
export interface ClientChangeSink {
  clientChanged(
    action: 'created' | 'updated' | 'deleted',
    row: ExtClientRow,
    gatewayHostId: string | undefined,
  ): void;
}

/** api-contract §2.7: the same owner already has a client for this device (remote-access client id) on the gateway. */
export const REMOTE_CLIENT_EXISTS = 'remote client config already exists on the gateway';

const json = (items: readonly string[]) => JSON.stringify(items);
const fromSet = (set: Record<string, unknown> | null | undefined) => (set ? Object.keys(set) : undefined);

/** External-client rules (api-contract §2.7, §5.7): create, list, read, update, delete. No HTTP, no SQL. */
export class ExtClientsService {
  constructor(
    private readonly clients: ExtClientsRepository,
    private readonly writes: ClientWrites,
    private readonly gateways: GatewayDirectory,
    private readonly changes: ClientChangeSink,
    private readonly claims: RouteClaims,
  ) {}

  /** Every client of every network, private keys blanked, by id. */
  async listAll(): Promise<ApiExtClient[]> {
    return this.present(await this.clients.listAll(), true);
  }

  /** Every client of one network, private keys blanked (no network: none). */
  async listOfNetwork(netid: string): Promise<ApiExtClient[]> {
    return this.present(await this.clients.listByNetwork(netid), true);
  }

  /** The clients of a network the caller may see, private keys blanked. */
  async listByNetwork(netid: string, caller: Caller): Promise<ApiExtClient[]> {
    await this.gateways.requireNetwork(netid);
    return this.present(
      await this.clients.listByNetwork(netid, caller.reach === 'own' ? caller.username : undefined),
      true,
    );
  }

  /** One client, with its private key (owners and network admins only), DNS filled from its gateway. */
  async get(netid: string, clientId: string, caller: Caller): Promise<ApiExtClient> {
    const row = await this.require(netid, clientId, caller);
    const gw = await this.gateways.context(row.gateway_node_id);
    return presentExtClient(row, {
      blankPrivateKey: !seesPrivateKey(row, caller),
      gatewayEndpoint: gw ? this.gateways.endpoint(gw) : '',
      defaultDns: gw?.settings.ingressdns,
    });
  }

  /** Creates a client on a gateway node with a fresh address (highest free, api-contract §5.1) and key pair. */
  async create(
    netid: string,
    gatewayNodeId: string,
    input: CustomExtClientInput,
    caller: Caller,
  ): Promise<ApiExtClient> {
    const network = await this.gateways.requireNetwork(netid);
    const gw = await this.gateways.context(gatewayNodeId);
    if (!gw || gw.node.network !== netid || !gw.settings.isingressgateway)
      throw badRequest('ingress does not exist');
    const extra = input.extraallowedips ?? [];
    // Ranges never change after creation (api-contract §5.2), nor does the server's address: read outside the
    // transaction, which must not wait on another connection.
    const env = extra.length > 0 ? await this.claims.environment(caller.reachedAt) : undefined;
    const keys = input.publickey
      ? { publicKey: input.publickey, privateKey: ENTER_PRIVATE_KEY_PLACEHOLDER }
      : generateWireGuardKeys();
    // Checks run inside the transaction: a concurrent create that slips past them hits a unique index, and the
    // retry then sees its row and answers 400 instead of failing.
    const row = await this.writes.run(async () => {
      await this.writes.nodes.lockNetwork(netid);
      if (input.publickey && (await this.writes.clients.isPublicKeyTaken(input.publickey)))
        throw badRequest('publickey is already in use by another client or host');
      // One client per owner and remote-access client (device) on a gateway (api-contract §2.7), checked under the
      // network lock so two concurrent requests for the same device cannot both create one.
      const racId = input.remote_access_client_id ?? '';
      if (
        racId !== '' &&
        (await this.writes.clients.listByGateways([gatewayNodeId])).some(
          (c) => c.owner_id === caller.username && c.remote_access_client_id === racId,
        )
      )
        throw badRequest(REMOTE_CLIENT_EXISTS);
      if (env)
        checkExtraAllowedIps(extra, {
          network,
          claims: this.claims,
          env,
          networkRoutes: [
            ...gw.egressRanges,
            ...(await this.writes.clients.listByNetwork(netid)).flatMap(extraAllowedIpsOf),
          ],
          egressRanges: gw.egressRanges,
          siblings: await this.writes.clients.listByGateways([gatewayNodeId]),
          isNetworkAdmin: caller.isNetworkAdmin,
          isInternetGateway: gw.settings.isinternetgateway,
        });
      let clientId = input.clientid ?? '';
      if (clientId === '') {
        clientId = await randomClientId(async (id) => (await this.writes.clients.find(id)) !== undefined);
      }
      if (await this.writes.clients.find(clientId))
        throw badRequest(`${CLIENT_ID_MESSAGES.duplicate}: ${clientId} is already taken`);
      const addresses = await allocateClientAddresses(this.writes.nodes, network);
      const now = new Date().toISOString();
      return this.writes.clients.insert({
        client_id: clientId,
        network: netid,
        gateway_node_id: gatewayNodeId,
        ...addresses,
        private_key: keys.privateKey,
        public_key: keys.publicKey,
        dns: input.dns ?? '',
        extra_allowed_ips: json(extra),
        enabled: input.enabled === false ? 0 : 1,
        owner_id: caller.username,
        post_up: input.postup ?? '',
        post_down: input.postdown ?? '',
        tags: json(fromSet(input.tags) ?? []),
        denied_node_acls: json(fromSet(input.deniednodeacls) ?? []),
        remote_access_client_id: input.remote_access_client_id ?? '',
        details: JSON.stringify({
          os: input.os ?? '',
          device_name: input.device_name ?? '',
          public_endpoint: input.public_endpoint ?? '',
          country: input.country ?? '',
        }),
        created_at: now,
        updated_at: now,
      });
    });
    this.changes.clientChanged('created', row, gw.host.id);
    return presentExtClient(row, { blankPrivateKey: false, gatewayEndpoint: this.gateways.endpoint(gw) });
  }

  /** Applies an update: rename, new public key, enable/disable, DNS, extra allowed IPs, scripts, tags. */
  async update(
    netid: string,
    clientId: string,
    input: CustomExtClientInput,
    caller: Caller,
  ): Promise<ApiExtClient> {
    const current = await this.require(netid, clientId, caller);
    const network = await this.gateways.requireNetwork(netid);
    const patch: ExtClientPatch = { updated_at: new Date().toISOString() };
    const isNewKey = !!input.publickey && input.publickey !== current.public_key;
    if (input.publickey && isNewKey) {
      patch.public_key = input.publickey;
      patch.private_key = ENTER_PRIVATE_KEY_PLACEHOLDER;
    }
    if (input.dns != null) patch.dns = input.dns;
    if (input.enabled != null) patch.enabled = input.enabled ? 1 : 0;
    if (input.postup != null) patch.post_up = input.postup;
    if (input.postdown != null) patch.post_down = input.postdown;
    if (input.remote_access_client_id != null) patch.remote_access_client_id = input.remote_access_client_id;
    if (input.tags != null) patch.tags = json(Object.keys(input.tags));
    if (input.deniednodeacls != null) patch.denied_node_acls = json(Object.keys(input.deniednodeacls));
    const hasExtra = input.extraallowedips != null && input.extraallowedips.length > 0;
    const env = hasExtra ? await this.claims.environment(caller.reachedAt) : undefined;
    const currentGateway = hasExtra ? await this.gateways.context(current.gateway_node_id) : undefined;
    const updated = await this.writes.run(async () => {
      await this.writes.nodes.lockNetwork(netid);
      if (isNewKey && (await this.writes.clients.isPublicKeyTaken(input.publickey ?? '', clientId)))
        throw badRequest('publickey is already in use by another client or host');
      if (input.extraallowedips != null && env) {
        const siblings = (await this.writes.clients.listByGateways([current.gateway_node_id])).filter(
          (c) => c.client_id !== clientId,
        );
        const others = (await this.writes.clients.listByNetwork(netid)).filter(
          (c) => c.client_id !== clientId,
        );
        const egressRanges = currentGateway?.egressRanges ?? [];
        checkExtraAllowedIps(input.extraallowedips, {
          network,
          claims: this.claims,
          env,
          networkRoutes: [...egressRanges, ...others.flatMap(extraAllowedIpsOf)],
          egressRanges,
          siblings,
          isNetworkAdmin: caller.isNetworkAdmin,
          isInternetGateway: currentGateway?.settings.isinternetgateway ?? false,
        });
      }
      if (input.extraallowedips != null) patch.extra_allowed_ips = json(input.extraallowedips);
      if (input.clientid && input.clientid !== clientId) {
        if (await this.writes.clients.find(input.clientid))
          throw badRequest(`${CLIENT_ID_MESSAGES.duplicate}: ${input.clientid} is already taken`);
        patch.client_id = input.clientid;
      }
      return this.writes.clients.update(clientId, patch);
    });
    if (!updated) throw notFound(`client ${clientId} not found in network ${netid}`);
    const gw = await this.gateways.context(updated.gateway_node_id);
    this.changes.clientChanged('updated', updated, gw?.host.id);
    return presentExtClient(updated, {
      blankPrivateKey: false,
      gatewayEndpoint: gw ? this.gateways.endpoint(gw) : '',
    });
  }

  /**
   * Deletes a client; deleting one that does not exist anywhere succeeds (api-contract §2.7), but a client of
   * another network is not this network's to delete: 404, not a "deleted" that deleted nothing (issue 29).
   */
  async delete(netid: string, clientId: string, caller: Caller): Promise<void> {
    const row = await this.clients.find(clientId);
    if (!row) return;
    if (row.network !== netid) throw notFound(`client ${clientId} not found in network ${netid}`);
    if (caller.reach === 'own' && row.owner_id !== caller.username)
      throw forbidden('access denied: the client belongs to another user');
    const deleted = await this.clients.delete(clientId);
    if (!deleted) return;
    const gw = await this.gateways.context(deleted.gateway_node_id);
    this.changes.clientChanged('deleted', deleted, gw?.host.id);
  }

  /** A client the caller may act on; 404 when it is not in that network, 403 when it is someone else's. */
  async require(netid: string, clientId: string, caller: Caller): Promise<ExtClientRow> {
    const row = await this.clients.find(clientId);
    if (!row || row.network !== netid) throw notFound(`client ${clientId} not found in network ${netid}`);
    if (caller.reach === 'own' && row.owner_id !== caller.username)
      throw forbidden('access denied: the client belongs to another user');
    return row;
  }

  private async present(rows: ExtClientRow[], blank: boolean): Promise<ApiExtClient[]> {
    const endpoints = await this.gateways.endpoints([...new Set(rows.map((r) => r.gateway_node_id))]);
    return rows.map((row) =>
      presentExtClient(row, {
        blankPrivateKey: blank,
        gatewayEndpoint: endpoints.get(row.gateway_node_id) ?? '',
      }),
    );
  }
}
