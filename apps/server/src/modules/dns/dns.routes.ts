import {
  dnsDomainParamsSchema,
  dnsEntryInputSchema,
  dnsEntrySchema,
  dnsNetworkParamsSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import type { DnsService } from './dns.service.ts';

const tags = ['dns'];
const list = { 200: z.array(dnsEntrySchema) };

/** HTTP for DNS entries (api-contract §2.10; raw answers). */
export const dnsRoutes =
  (dns: DnsService): FastifyPluginAsyncZod =>
  async (app) => {
    const networkAdmin = { access: access.networkAdmin(network.param('network')) };

    app.get(
      '/api/dns',
      {
        config: {
          access: access.admin(network.global("every network's entries (platform admins, auditors)")),
        },
        schema: { tags, response: list },
      },
      () => dns.list(),
    );
    app.get(
      '/api/dns/adm/:network',
      { config: networkAdmin, schema: { tags, params: dnsNetworkParamsSchema, response: list } },
      (request) => dns.list(request.params.network),
    );
    app.get(
      '/api/dns/adm/:network/nodes',
      { config: networkAdmin, schema: { tags, params: dnsNetworkParamsSchema, response: list } },
      (request) => dns.list(request.params.network).then(() => dns.nodes(request.params.network)),
    );
    app.get(
      '/api/dns/adm/:network/custom',
      { config: networkAdmin, schema: { tags, params: dnsNetworkParamsSchema, response: list } },
      (request) => dns.list(request.params.network).then(() => dns.custom(request.params.network)),
    );
    app.post(
      '/api/dns/:network',
      {
        config: networkAdmin,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          params: dnsNetworkParamsSchema,
          body: dnsEntryInputSchema,
          response: { 200: dnsEntrySchema },
          description:
            "Adds a custom entry (name: letters, digits, dashes and dots, 1..192, unique in the network and not a node's automatic name) and sends the network's entries to its hosts.",
        },
      },
      (request) => dns.create(request.params.network, request.body),
    );
    app.delete(
      '/api/dns/:network/:domain',
      {
        config: networkAdmin,
        schema: { tags, params: dnsDomainParamsSchema, response: { 200: z.string() } },
      },
      (request) => dns.delete(request.params.network, request.params.domain),
    );
    app.post(
      '/api/dns/adm/:network/sync',
      {
        config: networkAdmin,
        schema: { tags, params: dnsNetworkParamsSchema, response: { 200: z.string() } },
      },
      async (request) => {
        await dns.list(request.params.network);
        await dns.push(request.params.network);
        return 'DNS Sync completed successfully';
      },
    );
  };
