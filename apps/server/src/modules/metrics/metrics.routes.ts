import {
  clientMetricsSchema,
  meshHealthSchema,
  metricsByNodeSchema,
  metricsMatrixQuerySchema,
  metricsMatrixSchema,
  metricsSeriesSchema,
  nodeMetricsSchema,
  boundedString,
  LIMITS,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, canSeeEverything, canSeeNetwork } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { notFound } from '../../lib/api-error.ts';
import type { MetricsService } from './metrics.service.ts';

const tags = ['metrics'];
const networkParams = z.object({ network: boundedString('network', LIMITS.id) });
const nodeParams = networkParams.extend({ nodeid: boundedString('nodeid', LIMITS.id) });
const seriesQuery = z.object({
  node: boundedString('node', LIMITS.id),
  peer: boundedString('peer', LIMITS.id).optional(),
  from: z.coerce.number({ error: 'from must be epoch seconds' }).int().min(0),
  to: z.coerce.number({ error: 'to must be epoch seconds' }).int().min(0),
});
/** HTTP for metrics (api-contract §2.11; raw answers) and the console's time series. */
export const metricsRoutes =
  (metrics: MetricsService, networkIds: () => Promise<string[]>): FastifyPluginAsyncZod =>
  async (app) => {
    const networkRead = { access: access.networkAdmin(network.param('network')) };
    /** A network the caller cannot see is answered as one that does not exist (decision 011). */
    const visible = (principal: Parameters<typeof canSeeNetwork>[0], network: string) => {
      if (!canSeeNetwork(principal, network)) throw notFound(`network ${network} not found`);
    };

    app.get(
      '/api/metrics',
      {
        config: {
          access: access.anyUser(network.global('the service answers the networks the caller sees')),
        },
        schema: { tags, response: { 200: metricsByNodeSchema } },
      },
      async (request) => {
        const principal = request.principal;
        if (canSeeEverything(principal)) return metrics.byNode(undefined);
        const networks = (await networkIds()).filter((id) => canSeeNetwork(principal, id));
        return metrics.byNode(networks);
      },
    );
    app.get(
      '/api/v1/metrics-health',
      {
        config: {
          access: access.anyUser(network.global('the service answers the networks the caller sees')),
        },
        schema: {
          tags,
          response: { 200: meshHealthSchema },
          description:
            "Meshdeck's own: per network the caller sees, node statuses, pairs unreachable or relayed, nodes behind their peer update.",
        },
      },
      async (request) => {
        const principal = request.principal;
        const networks = (await networkIds()).filter(
          (id) => canSeeEverything(principal) || canSeeNetwork(principal, id),
        );
        return metrics.health(networks);
      },
    );
    app.get(
      '/api/metrics/:network',
      {
        config: networkRead,
        schema: { tags, params: networkParams, response: { 200: metricsByNodeSchema } },
      },
      (request) => {
        visible(request.principal, request.params.network);
        return metrics.byNode([request.params.network]);
      },
    );
    app.get(
      '/api/metrics/:network/:nodeid',
      {
        config: { access: access.networkAdmin(network.of('node', 'nodeid', 'network')) },
        schema: { tags, params: nodeParams, response: { 200: nodeMetricsSchema } },
      },
      async (request) => {
        visible(request.principal, request.params.network);
        const found = await metrics.node(request.params.network, request.params.nodeid);
        if (!found)
          throw notFound(`no metrics for node ${request.params.nodeid} in ${request.params.network}`);
        return found;
      },
    );
    app.get(
      '/api/metrics-ext/:network',
      {
        config: networkRead,
        schema: { tags, params: networkParams, response: { 200: clientMetricsSchema } },
      },
      (request) => {
        visible(request.principal, request.params.network);
        return metrics.clients(request.params.network);
      },
    );
    app.get(
      '/api/console/metrics/:network/matrix',
      {
        config: networkRead,
        schema: {
          tags,
          params: networkParams,
          querystring: metricsMatrixQuerySchema,
          response: { 200: metricsMatrixSchema },
          description:
            "Meshdeck's own (decision 071): one window of the network's N x N matrix (rows: nodes, columns: peers, by name), at most 100 rows by 50 columns, optionally only problem pairs' rows and columns.",
        },
      },
      (request) => {
        visible(request.principal, request.params.network);
        return metrics.matrix(request.params.network, request.query);
      },
    );
    app.get(
      '/api/v1/metrics/:network/series',
      {
        // Found from the node the series is of; a path network that disagrees with the node's is refused.
        config: { access: access.networkAdmin(network.of('node', { query: 'node' }, 'network')) },
        schema: {
          tags,
          params: networkParams,
          querystring: seriesQuery,
          response: { 200: metricsSeriesSchema },
          description:
            "Meshdeck's own: one node's figures per peer over [from, to) (epoch seconds): raw reports up to a day, 5-minute buckets up to a week, hourly beyond (each kept as long as that range).",
        },
      },
      async (request) => {
        visible(request.principal, request.params.network);
        const { node, peer, from, to } = request.query;
        const series = await metrics.series({
          network: request.params.network,
          nodeId: node,
          ...(peer === undefined ? {} : { peerId: peer }),
          from,
          to: Math.max(to, from),
        });
        if (!series) throw notFound(`node ${node} not found in ${request.params.network}`);
        return series;
      },
    );
  };
