import {
  apiNodeSchema,
  type ApiNode,
  envelopeSchema,
  forceQuerySchema,
  nodeParamsSchema,
  nodesOfNetworkParamsSchema,
  updateNodeInputSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, canSeeNetwork } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { NodesService } from './nodes.service.ts';

const nodeListSchema = z.array(apiNodeSchema);
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** HTTP for nodes (api-contract §2.3, spec §7 "Nodes"). */
export const nodesRoutes =
  (
    nodes: NodesService,
    lists: ReadCache,
    staticNodes: (netid?: string) => Promise<ApiNode[]> = async () => [],
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['nodes'];
    const networkAdmin = { config: { access: access.networkAdmin(network.of('node', 'nodeid', 'network')) } };

    // Every caller allowed here sees the same list, so the serialised (and compressed) answer is shared.
    app.get(
      '/api/nodes',
      // Nodes of every network and, as the contract says, the external clients as "static" nodes; sorted by id.
      {
        config: { access: access.admin(network.global("every network's nodes (platform admins, auditors)")) },
        schema: { tags, response: { 200: nodeListSchema } },
      },
      (request, reply) =>
        lists.send(request, reply, 'nodes', async () => {
          const [meshNodes, clients] = await Promise.all([nodes.list(), staticNodes()]);
          return JSON.stringify(nodeListSchema.encode([...meshNodes, ...clients].sort(byId)));
        }),
    );

    app.get(
      '/api/nodes/:network',
      {
        config: { access: access.networkAdmin(network.param('network')) },
        schema: { tags, params: nodesOfNetworkParamsSchema, response: { 200: nodeListSchema } },
      },
      // RBAC lets a platform-user read any network (api-contract §8.3); the list shows only networks it holds a role
      // in. The cached answer is shared by everyone who may see the network, so the check comes first. Like
      // GET /api/nodes, the network's external clients are in it as static nodes (§2.3), sorted with the nodes.
      (request, reply) =>
        canSeeNetwork(request.principal, request.params.network)
          ? lists.send(request, reply, `nodes/${request.params.network}`, async () => {
              const { network } = request.params;
              const [meshNodes, clients] = await Promise.all([
                nodes.listByNetwork(network),
                staticNodes(network),
              ]);
              return JSON.stringify(nodeListSchema.encode([...meshNodes, ...clients].sort(byId)));
            })
          : Promise.resolve([]),
    );

    app.put(
      '/api/nodes/:network/:nodeid',
      {
        ...networkAdmin,
        schema: {
          tags,
          params: nodeParamsSchema,
          body: updateNodeInputSchema,
          response: { 200: apiNodeSchema },
        },
      },
      (request) => nodes.update(request.params.network, request.params.nodeid, request.body),
    );

    app.delete(
      '/api/nodes/:network/:nodeid',
      {
        // v0.30 accepts a user token or the node's own host token (api-contract §1.8); the service checks ownership.
        config: {
          access: access.hostOrUser(undefined, access.networkAdmin(network.of('node', 'nodeid', 'network'))),
        },
        schema: {
          tags,
          params: nodeParamsSchema,
          querystring: forceQuerySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        const { network, nodeid } = request.params;
        const isFromNode = request.headers.requestfrom === 'node';
        await nodes.delete(network, nodeid, request.query.force === 'true', request.principal, isFromNode);
        return { Code: 200, Message: `${nodeid} deleted.`, Response: null };
      },
    );

    app.post(
      '/api/nodes/:network/:nodeid/approve',
      { ...networkAdmin, schema: { tags, params: nodeParamsSchema, response: { 200: apiNodeSchema } } },
      (request) => nodes.approve(request.params.network, request.params.nodeid),
    );
  };
