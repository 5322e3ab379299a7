import type { NetworkWire } from '@meshdeck/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import type { LicenseLimits } from '../licenses/licenses.public.ts';
import type { NetworkDirectory, NetworkInfo } from './network-directory.ts';
import type { NetworkUsage } from './network-usage.ts';
import { presentNetwork } from './networks.presenter.ts';
import { NetworksRepository, type NetworkRow } from './networks.repository.ts';
import { networksRoutes } from './networks.routes.ts';
import { NetworksService } from './networks.service.ts';

/** What the networks module uses. */
export interface NetworksModuleDeps {
  database: DatabaseHandle;
  events: EventBus;
  /** What lives inside a network (nodes, keys, roles), counted and removed with it. */
  usage: NetworkUsage;
  /** The licence's limits: a network create checks the networks limit in its transaction. */
  limits: LicenseLimits;
}

/** Networks (api-contract §2.2). */
export async function register(
  app: ModuleApp,
  { database, events, usage, limits }: NetworksModuleDeps,
): Promise<void> {
  const service = new NetworksService(new NetworksRepository(database.db), usage, events, limits);
  await app.register(networksRoutes(service));
}

/** Read access to networks that other modules get (built once in app.ts, before the modules that use it). */
export interface NetworkReads {
  /** Ranges of a network, for hosts, nodes, keys and clients (ranges never change after creation). */
  directory: NetworkDirectory;
  exists: (netid: string) => Promise<boolean>;
  /** A network in the contract's shape, without any caller's visibility rule (remote access). */
  get: (netid: string) => Promise<NetworkWire | undefined>;
  ids: () => Promise<string[]>;
}

const toInfo = (row: NetworkRow): NetworkInfo => ({
  netid: row.netid,
  addressrange: row.address_range,
  addressrange6: row.address_range6,
});

/** The networks module's read side for other modules. */
export function networkReads(database: DatabaseHandle): NetworkReads {
  const rows = new NetworksRepository(database.db);
  return {
    directory: {
      find: async (netid) => {
        const row = await rows.findByNetId(netid);
        return row ? toInfo(row) : undefined;
      },
      list: async () => (await rows.listAll()).map(toInfo),
    },
    exists: async (netid) => (await rows.findByNetId(netid)) !== undefined,
    get: async (netid) => {
      const row = await rows.findByNetId(netid);
      return row && presentNetwork(row);
    },
    ids: async () => (await rows.listAll()).map((network) => network.netid),
  };
}
