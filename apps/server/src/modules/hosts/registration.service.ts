import { randomUUID } from 'node:crypto';
import {
  ENROLLMENT_KEY_VALUE_PATTERN,
  EnrollmentKeyType,
  decodeEnrollmentToken,
  type RegisterHostInput,
} from '@meshdeck/contracts';
import type { UnitOfWork } from '../../lib/module.ts';
import { badRequest } from '../../lib/api-error.ts';
import {
  keyGroups,
  keyNetworks,
  keyRefusal,
  refusalMessage,
} from '../enrollment-keys/enrollment-keys.public.ts';
import type { EnrollmentKeyRow, EnrollmentKeyUses } from '../enrollment-keys/enrollment-keys.public.ts';
import type { LicenseLimits } from '../licenses/licenses.public.ts';
import type {
  NetworkInfo,
  NodeRecords,
  NodeRow,
  AddressHints,
  NetworkDirectory,
} from '../nodes/nodes.public.ts';
import type { EventBus } from '../events/events.public.ts';
import type { PeerUpdateQueue } from '../peers/peers.public.ts';
import type { HostSecrets } from './host-secrets.ts';
import { clientOwnedPatch, deconflictListenPort, newHostRow, settingsOf } from './host-input.ts';
import type { HostRow, HostsRepository } from './hosts.repository.ts';

/** What registration reads and notifies; wired in app.ts. */
export interface RegistrationServiceDependencies {
  /** One unit of work, run again from scratch when another writer beat it to a unique index. */
  transaction: UnitOfWork;
  hosts: HostsRepository;
  nodes: NodeRecords;
  keys: EnrollmentKeyUses;
  /** The licence's limits: a registration that adds a host reserves one first (decision 049). */
  limits: LicenseLimits;
  networks: NetworkDirectory;
  /** Coalesced per-host peer updates. */
  peers: PeerUpdateQueue;
  events: EventBus;
  /** Host secrets: argon2 once per host, not on every broker login or token refresh. */
  secrets: HostSecrets;
  addressHints: AddressHints;
}

export interface Registration {
  host: HostRow;
  nodes: NodeRow[];
  createdNodes: NodeRow[];
}

/** Host registration with an enrollment key (api-contract §2.5). No HTTP, no SQL. */
export class RegistrationService {
  constructor(private readonly d: RegistrationServiceDependencies) {}

  /**
   * Creates (or refreshes) the host and one node per network of the key in one transaction: a refused key, a
   * duplicate public key or a full address range leaves nothing written and no key use taken.
   *
   * A known host (right password) that is already in every network of the key is a replay, not an enrollment:
   * the agent retries a join whose answer it never got (`retryTransient`), so the first attempt may have
   * registered it. A replay refreshes the host, takes no use, and is accepted even when that first attempt took
   * the key's last use.
   */
  async register(tokenText: string, input: RegisterHostInput, now = new Date()): Promise<Registration> {
    const key = await this.findKey(tokenText);
    const hostId = input.id ?? randomUUID();
    const existing = await this.d.hosts.findById(hostId);
    const refusal = keyRefusal(key, now);
    if (refusal && !(refusal === 'used-up' && existing)) throw badRequest(refusalMessage[refusal]);
    if (input.os !== 'iot' && !input.traffickeypublic)
      throw badRequest("traffickeypublic is required (the agent's traffic key)");
    const networks = (await Promise.all(keyNetworks(key).map((netid) => this.d.networks.find(netid)))).filter(
      (n): n is NetworkInfo => !!n,
    );
    if (
      existing &&
      (networks.length === 0 ||
        !(await this.d.secrets.verify(existing.id, existing.password_hash, input.hostpass)))
    ) {
      throw badRequest('host already exists');
    }
    const passwordHash = existing?.password_hash ?? (await this.d.secrets.hash(hostId, input.hostpass));

    const result = await this.d.transaction(async () => {
      // A new host counts against the licence's hosts limit, checked here under its lock (decision 049), first,
      // so concurrent registrations take turns before they lock keys or address ranges.
      if (!existing) await this.d.limits.reserve('hosts');
      const joined = new Set((await this.d.nodes.listByHosts([hostId])).map((n) => n.network));
      const isReplay = !!existing && networks.every((network) => joined.has(network.netid));
      if (refusal === 'used-up' && !isReplay) throw badRequest(refusalMessage['used-up']);
      if (!isReplay) await this.takeUse(key);
      const host = existing
        ? await this.refresh(existing, input, now)
        : await this.insert(input, hostId, passwordHash, now);
      const createdNodes: NodeRow[] = [];
      for (const network of networks.filter((n) => !joined.has(n.netid))) {
        createdNodes.push(
          await this.d.nodes.createMembership({
            hostId,
            network,
            tags: keyGroups(key),
            relayedBy: key.relay,
            now,
            hints: this.d.addressHints,
          }),
        );
      }
      return { host, createdNodes };
    });

    this.d.events.publish({ resource: 'hosts', action: existing ? 'updated' : 'created', id: hostId });
    for (const node of result.createdNodes)
      this.d.events.publish({ resource: 'nodes', action: 'created', id: node.id, network: node.network });
    this.d.peers.enqueue({ hostId, joined: !existing });
    return { ...result, nodes: await this.d.nodes.listByHosts([hostId]) };
  }

  private async findKey(tokenText: string): Promise<EnrollmentKeyRow> {
    const token = decodeEnrollmentToken(tokenText);
    const key =
      token && ENROLLMENT_KEY_VALUE_PATTERN.test(token.value)
        ? await this.d.keys.findByValue(token.value)
        : undefined;
    if (!key) throw badRequest('invalid enrollment key: the token does not name a known key');
    return key;
  }

  /** Takes a use atomically; a uses-based key that lost a race for its last use refuses the registration. */
  private async takeUse(key: EnrollmentKeyRow): Promise<void> {
    if (key.uses_remaining <= 0) return;
    const taken = await this.d.keys.takeUse(key.value);
    if (!taken && key.type === EnrollmentKeyType.Uses) throw badRequest(refusalMessage['used-up']);
  }

  private async insert(
    input: RegisterHostInput,
    id: string,
    passwordHash: string,
    now: Date,
  ): Promise<HostRow> {
    let port = input.listenport;
    if (!input.isstaticport && input.endpointip) {
      const taken = new Set(
        (await this.d.hosts.listPortsAtEndpoint(input.endpointip)).map((h) => h.listen_port),
      );
      port = deconflictListenPort(port, taken);
    }
    const created = await this.d.hosts.insert(newHostRow(input, id, passwordHash, port, now));
    if (created === 'duplicate') throw badRequest('a host with this id or public key is already registered');
    return created;
  }

  private async refresh(existing: HostRow, input: RegisterHostInput, now: Date): Promise<HostRow> {
    const updated = await this.d.hosts.update(
      existing.id,
      clientOwnedPatch(input, settingsOf(existing), now),
    );
    if (updated === 'duplicate') throw badRequest('a host with this public key is already registered');
    if (!updated) throw badRequest('host was deleted during registration');
    return updated;
  }
}
