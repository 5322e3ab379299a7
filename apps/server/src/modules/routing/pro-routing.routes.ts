import {
  apiNodeSchema,
  envelopeSchema,
  failoverCheckQuerySchema,
  failoverMeInputSchema,
  inetNodeReqInputSchema,
  nodeIdParamsSchema,
  nodeParamsSchema,
  nodesOfNetworkParamsSchema,
  rawNodeSchema,
} from '@meshdeck/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import {
  checkFailoverPair,
  endFailoverPair,
  failOverPair,
  failoverNodeOf,
  removeFailover,
  resetFailover,
  setFailover,
} from './failover-rules.ts';
import { removeInternetGateway, setInternetGateway } from './inet-gateway-rules.ts';
import type { RoutingService } from './routing.service.ts';

const nodeEnvelope = envelopeSchema(rawNodeSchema);

/** The network a request names in `?network=` (the v0.30 dashboard sends it), if any. */
const namedNetwork = (request: FastifyRequest): string | undefined => {
  const named = (request.query as { network?: unknown } | undefined)?.network;
  return typeof named === 'string' && named !== '' ? named : undefined;
};
const emptyEnvelope = envelopeSchema(z.null());

/** The calling agent's host id, or undefined for the master key (which may act for any node). */
const agentHostOf = (request: FastifyRequest): string | undefined =>
  request.principal.kind === 'host' && !request.principal.isMaster ? request.principal.hostId : undefined;

/**
 * HTTP for the Pro routing roles: internet gateways (api-contract §2.3 inet_gw) and failover (§2.9). The
 * community edition does not register them (§1.1), so they answer 404 there.
 */
export const proRoutingRoutes =
  (routing: RoutingService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['routing'];
    const networkAdmin = { config: { access: access.networkAdmin(network.of('node', 'nodeid', 'network')) } };
    const ofNode = network.of('node', 'nodeid');
    const inetBody = {
      ...networkAdmin,
      preValidation: lowerCaseBodyKeys,
      schema: { tags, params: nodeParamsSchema, body: inetNodeReqInputSchema },
    };

    app.post(
      '/api/nodes/:network/:nodeid/inet_gw',
      {
        ...inetBody,
        schema: { ...inetBody.schema, response: { 200: z.union([apiNodeSchema, emptyEnvelope]) } },
      },
      async (request) => {
        const { network, nodeid } = request.params;
        const clients = request.body.inet_node_client_ids ?? [];
        let isAlready = false;
        const result = await routing.change(network, nodeid, (state) => {
          isAlready = state.require(nodeid).settings.isinternetgateway;
          if (!isAlready) setInternetGateway(state, nodeid, clients);
        });
        // The contract answers a second create with a plain success envelope and changes nothing.
        if (isAlready) return { Code: 200, Message: 'node is already an internet gateway', Response: null };
        return routing.present(result);
      },
    );

    app.put(
      '/api/nodes/:network/:nodeid/inet_gw',
      { ...inetBody, schema: { ...inetBody.schema, response: { 200: apiNodeSchema } } },
      async (request) => {
        const { network, nodeid } = request.params;
        // The client list is replaced whole: a body without it would silently disconnect every client (issue 38).
        const clients = request.body.inet_node_client_ids;
        if (clients == null)
          throw badRequest(
            'inet_node_client_ids is required: list the node ids that use this gateway (an empty list disconnects them all)',
          );
        return routing.present(
          await routing.change(network, nodeid, (state) => {
            const node = state.require(nodeid);
            if (!node.settings.isinternetgateway)
              throw badRequest(`node ${state.label(node)} is not an internet gateway`);
            setInternetGateway(state, nodeid, clients);
          }),
        );
      },
    );

    app.delete(
      '/api/nodes/:network/:nodeid/inet_gw',
      { ...networkAdmin, schema: { tags, params: nodeParamsSchema, response: { 200: apiNodeSchema } } },
      async (request) => {
        const { network, nodeid } = request.params;
        return routing.present(
          await routing.change(network, nodeid, (s) => removeInternetGateway(s, nodeid)),
        );
      },
    );

    const nodeFailover = { tags, params: nodeIdParamsSchema, response: { 200: nodeEnvelope } };

    app.get(
      '/api/v1/node/:nodeid/failover',
      { config: { access: access.host(ofNode) }, schema: nodeFailover },
      async (request) => {
        const { nodeid } = request.params;
        await routing.requireOwnNode(agentHostOf(request), nodeid);
        const failover = await routing.read(nodeid, (state) => failoverNodeOf(state)?.row);
        if (!failover) throw notFound(`network of node ${nodeid} has no failover node`);
        const network = await routing.network(failover.network);
        return {
          Code: 200,
          Message: 'fetched failover node',
          Response: routing.presentRaw({ network, node: failover }),
        };
      },
    );

    app.post(
      '/api/v1/node/:nodeid/failover',
      { config: { access: access.admin(ofNode) }, schema: nodeFailover },
      async (request) => {
        const { nodeid } = request.params;
        const result = await routing.changeByNode(
          nodeid,
          (s) => setFailover(s, nodeid),
          namedNetwork(request),
        );
        return { Code: 200, Message: 'set node as failover', Response: routing.presentRaw(result) };
      },
    );

    app.delete(
      '/api/v1/node/:nodeid/failover',
      { config: { access: access.admin(ofNode) }, schema: nodeFailover },
      async (request) => {
        const { nodeid } = request.params;
        const result = await routing.changeByNode(
          nodeid,
          (s) => removeFailover(s, nodeid),
          namedNetwork(request),
        );
        return { Code: 200, Message: 'unset failover node', Response: routing.presentRaw(result) };
      },
    );

    app.post(
      '/api/v1/node/:network/failover/reset',
      {
        config: { access: access.networkAdmin(network.param('network')) },
        schema: { tags, params: nodesOfNetworkParamsSchema, response: { 200: emptyEnvelope } },
      },
      async (request) => {
        await routing.resetNetwork(request.params.network, resetFailover);
        return { Code: 200, Message: 'failover has been reset successfully', Response: null };
      },
    );

    app.post(
      '/api/v1/node/:nodeid/failover_me',
      {
        config: { access: access.host(ofNode) },
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          params: nodeIdParamsSchema,
          body: failoverMeInputSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (request) => {
        const { nodeid } = request.params;
        await routing.requireOwnNode(agentHostOf(request), nodeid);
        await routing.changeByNode(nodeid, (s) => failOverPair(s, nodeid, request.body.node_id));
        return { Code: 200, Message: 'relayed successfully', Response: null };
      },
    );

    app.delete(
      '/api/v1/node/:nodeid/failover_me',
      {
        config: { access: access.host(ofNode) },
        schema: {
          tags,
          params: nodeIdParamsSchema,
          querystring: failoverCheckQuerySchema,
          response: { 200: emptyEnvelope },
          description:
            'Meshdeck extra: the agent ends the failed-over pair with `?node_id=` once its direct path works again.',
        },
      },
      async (request) => {
        const { nodeid } = request.params;
        await routing.requireOwnNode(agentHostOf(request), nodeid);
        await routing.changeByNode(nodeid, (s) => endFailoverPair(s, nodeid, request.query.node_id));
        return { Code: 200, Message: 'failover pair ended', Response: null };
      },
    );

    app.get(
      '/api/v1/node/:nodeid/failover_check',
      {
        config: { access: access.host(ofNode) },
        schema: {
          tags,
          params: nodeIdParamsSchema,
          querystring: failoverCheckQuerySchema,
          response: { 200: emptyEnvelope },
          description: 'The peer is named by `?node_id=` (a GET carries no body).',
        },
      },
      async (request) => {
        const { nodeid } = request.params;
        await routing.requireOwnNode(agentHostOf(request), nodeid);
        await routing.read(nodeid, (s) => checkFailoverPair(s, nodeid, request.query.node_id));
        return { Code: 200, Message: 'failover is possible for this pair', Response: null };
      },
    );
  };
