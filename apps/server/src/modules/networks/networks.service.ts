import {
  cidrsOverlap,
  type NetworkStatsItem,
  type NetworkWire,
  type NewNetwork,
  type UpdateNetworkInput,
} from '@meshdeck/contracts';
import { canSeeNetwork, type Principal } from '../../auth/access.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import { NO_LICENSE_LIMITS, type LicenseLimits } from '../licenses/licenses.public.ts';
import type { NetworkUsage } from './network-usage.ts';
import { presentNetwork, presentNetworkStats } from './networks.presenter.ts';
import type { NetworkRow, NetworksRepository } from './networks.repository.ts';

const notFoundError = (netid: string) => notFound(`network ${netid} not found`);

/** The first existing range of the same family that overlaps `range`, with its network. */
function findOverlap(
  range: string,
  existing: readonly NetworkRow[],
): { netid: string; range: string } | undefined {
  if (range === '') return undefined;
  for (const network of existing) {
    for (const other of [network.address_range, network.address_range6]) {
      if (other !== '' && cidrsOverlap(range, other)) return { netid: network.netid, range: other };
    }
  }
  return undefined;
}

/** Network rules (api-contract §2.2, §5.2) and who may see which network. No HTTP, no SQL. */
export class NetworksService {
  constructor(
    private readonly networks: NetworksRepository,
    private readonly usage: NetworkUsage,
    private readonly events: EventBus,
    private readonly limits: LicenseLimits = NO_LICENSE_LIMITS,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Networks the caller may see, sorted by netid: all for platform admins and auditors, else those it holds a role in. */
  async list(principal: Principal): Promise<NetworkWire[]> {
    const rows = await this.networks.listAll();
    return rows.filter((row) => canSeeNetwork(principal, row.netid)).map(presentNetwork);
  }

  /** One network; a network the caller may not see is reported missing, so its name does not leak. */
  async get(principal: Principal, netid: string): Promise<NetworkWire> {
    const row = await this.networks.findByNetId(netid);
    if (!row || !canSeeNetwork(principal, netid)) throw notFoundError(netid);
    return presentNetwork(row);
  }

  /** The visible networks with their node counts, counted in one query. */
  async stats(principal: Principal): Promise<NetworkStatsItem[]> {
    const [rows, counts] = await Promise.all([this.networks.listAll(), this.usage.countNodesByNetwork()]);
    return rows
      .filter((row) => canSeeNetwork(principal, row.netid))
      .map((row) => presentNetworkStats(row, counts.get(row.netid) ?? 0));
  }

  /** Creates a network after checking its name is free and its ranges overlap no other network's. */
  async create(input: NewNetwork): Promise<NetworkWire> {
    const created = await this.networks.inWriteTransaction(async (trx) => {
      const existing = await this.networks.listAll(trx);
      if (existing.some((row) => row.netid === input.netid))
        throw badRequest(`network name already in use: ${input.netid}`);
      for (const range of [input.addressrange, input.addressrange6]) {
        const overlap = findOverlap(range, existing);
        if (overlap) {
          throw badRequest(
            `network cidr already in use: ${range} overlaps ${overlap.range} of network ${overlap.netid}`,
          );
        }
      }
      // Counted under the networks write lock this transaction holds, so concurrent creates take turns (049).
      await this.limits.reserve('networks', trx);
      const row = await this.networks.insert(trx, input, this.now());
      if (row === 'duplicate') throw badRequest(`network name already in use: ${input.netid}`);
      return { row, memberChanges: await this.usage.createNetworkMembers(row.netid, trx) };
    });
    this.events.publish({ resource: 'networks', action: 'created', id: created.row.netid });
    for (const change of created.memberChanges) this.events.publish(change);
    return presentNetwork(created.row);
  }

  /** Applies new defaults; the netid and the ranges never change. */
  async update(netid: string, input: UpdateNetworkInput): Promise<NetworkWire> {
    if (input.netid !== undefined && input.netid !== netid) {
      throw badRequest(`cannot change netid: the body says ${input.netid} but the path names ${netid}`);
    }
    const updated = await this.networks.inWriteTransaction(async (trx) => {
      const row = await this.networks.updateSettings(trx, netid, input, this.now());
      if (!row) throw notFoundError(netid);
      return row;
    });
    this.events.publish({ resource: 'networks', action: 'updated', id: netid });
    return presentNetwork(updated);
  }

  /** Deletes a network; refused while nodes remain unless forced, in which case its members go with it. */
  async delete(netid: string, force: boolean): Promise<void> {
    const removed = await this.networks.inWriteTransaction(async (trx) => {
      if (!(await this.networks.findByNetId(netid, trx))) throw notFoundError(netid);
      const nodes = await this.usage.countNodes(netid, trx);
      if (nodes > 0 && !force) {
        throw badRequest(
          `network ${netid} still has ${nodes} node(s): remove them first, or delete with ?force=true`,
        );
      }
      // Always called: members such as the default enrollment key exist even in an empty network.
      const memberChanges = await this.usage.deleteNetworkMembers(netid, trx);
      await this.networks.delete(trx, netid);
      return { nodes, memberChanges };
    });
    this.events.publish({ resource: 'networks', action: 'deleted', id: netid });
    if (removed.nodes > 0) this.events.publish({ resource: 'nodes', action: 'deleted', network: netid });
    for (const change of removed.memberChanges) this.events.publish(change);
  }
}
