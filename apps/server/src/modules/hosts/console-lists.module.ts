import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { NetworkDirectory } from '../nodes/network-directory.ts';
import type { NodeListRepository } from '../nodes/node-list.repository.ts';
import { nodeListRoutes } from '../nodes/node-list.routes.ts';
import { NodeListService } from '../nodes/node-list.service.ts';
import type { HostListRepository } from './host-list.repository.ts';
import { hostListRoutes } from './host-list.routes.ts';
import { HostListService } from './host-list.service.ts';
import type { HostsRepository } from './hosts.repository.ts';

export interface ConsoleListRepositories {
  nodeRows: NodeListRepository;
  hostRows: HostListRepository;
  hosts: HostsRepository;
}

/** The console's lean list routes (`/api/console/...`), read-only, wired apart from the write paths. */
export function consoleListRoutes(
  r: ConsoleListRepositories,
  networks: NetworkDirectory,
  lists: ReadCache,
): FastifyPluginAsyncZod {
  const nodes = new NodeListService(r.nodeRows, networks);
  const hosts = new HostListService(r.hostRows, r.hosts);
  return async (app) => {
    await app.register(nodeListRoutes(nodes, lists));
    await app.register(hostListRoutes(hosts, lists));
  };
}
