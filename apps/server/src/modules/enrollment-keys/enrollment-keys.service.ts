import type { EnrollmentKey, EnrollmentKeyInput } from '@meshdeck/contracts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import type { NetworkDirectory } from '../nodes/nodes.public.ts';
import type { EnrollmentKeyRow, EnrollmentKeysRepository } from './enrollment-keys.repository.ts';
import { keyNetworks, presentEnrollmentKey } from './enrollment-keys.presenter.ts';
import { deriveKeyType, generateKeyValue } from './key-rules.ts';

/** Finds a node that a key may name as its relay. */
export type RelayLookup = (nodeId: string) => Promise<{ network: string; isRelay: boolean } | undefined>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_RELAY = new Set(['', '00000000-0000-0000-0000-000000000000']);

/** Enrollment key rules (api-contract §2.6, §5.3). No HTTP, no SQL. */
export class EnrollmentKeysService {
  constructor(
    private readonly keys: EnrollmentKeysRepository,
    private readonly networks: NetworkDirectory,
    private readonly findRelay: RelayLookup,
    private readonly events: EventBus,
  ) {}

  /** Every key with its join token. */
  async list(apiHost: string): Promise<EnrollmentKey[]> {
    return (await this.keys.listAll()).map((row) => presentEnrollmentKey(row, apiHost));
  }

  /** Creates a key after checking its name, networks, kind and relay. */
  async create(input: EnrollmentKeyInput, apiHost: string, now = new Date()): Promise<EnrollmentKey> {
    const type = deriveKeyType(input);
    if (type === 0)
      throw badRequest('invalid enrollment key: it must be unlimited, limited by uses or limited by time');
    if (input.uses_remaining === 0 && input.expiration > 0 && input.expiration * 1000 <= now.getTime()) {
      throw badRequest('invalid enrollment key: expiration must be in the future');
    }
    const networks = [...new Set(input.networks)];
    for (const netid of networks) {
      if (!(await this.networks.find(netid))) throw badRequest(`network ${netid} does not exist`);
    }
    const existingNames = new Set(
      (await this.keys.listAll()).flatMap((row) => JSON.parse(row.tags) as string[]),
    );
    if (input.tags.some((tag) => existingNames.has(tag))) throw badRequest('key names must be unique');
    const relay = await this.checkRelay(input.relay, networks);
    const created = await this.keys.insert({
      value: generateKeyValue(),
      name: input.tags[0] ?? '',
      tags: JSON.stringify(input.tags),
      networks: JSON.stringify(networks),
      expires_at: type === 1 || input.expiration > 0 ? new Date(input.expiration * 1000).toISOString() : null,
      uses_remaining: input.uses_remaining,
      unlimited: input.unlimited ? 1 : 0,
      type,
      relay,
      groups: JSON.stringify(input.groups),
      is_default: 0,
      created_at: now.toISOString(),
    });
    if (created === 'duplicate') throw badRequest('key names must be unique');
    this.events.publish({ resource: 'enrollment-keys', action: 'created', id: created.value });
    return presentEnrollmentKey(created, apiHost);
  }

  /** Applies the fields v0.30 updates (relay and groups); everything else in the body is ignored. */
  async update(value: string, input: EnrollmentKeyInput, apiHost: string): Promise<EnrollmentKey> {
    const existing = await this.keys.findByValue(value);
    if (!existing) throw notFound(`enrollment key ${value} not found`);
    const relay = await this.checkRelay(input.relay, keyNetworks(existing));
    const updated = await this.keys.updateRelayAndGroups(value, relay, input.groups);
    if (!updated) throw notFound(`enrollment key ${value} not found`);
    this.events.publish({ resource: 'enrollment-keys', action: 'updated', id: value });
    return presentEnrollmentKey(updated, apiHost);
  }

  /** Deletes a key; a network's default key goes only with its network. */
  async delete(value: string): Promise<void> {
    const existing = await this.keys.findByValue(value);
    if (!existing) throw badRequest(`enrollment key ${value} not found`);
    if (existing.is_default === 1) throw badRequest('cannot delete default network key');
    await this.keys.delete(value);
    this.events.publish({ resource: 'enrollment-keys', action: 'deleted', id: value });
  }

  /** The key a join token names, for registration. */
  findByValue(value: string): Promise<EnrollmentKeyRow | undefined> {
    return this.keys.findByValue(value);
  }

  private async checkRelay(relay: string, networks: string[]): Promise<string> {
    if (NO_RELAY.has(relay)) return '';
    if (!UUID.test(relay)) throw badRequest('relay must be a node id (UUID)');
    const node = await this.findRelay(relay);
    if (!node || !node.isRelay || !networks.includes(node.network)) {
      throw badRequest("relay must be a relay node in one of the key's networks");
    }
    return relay;
  }
}
