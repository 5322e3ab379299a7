import {
  apiHostSchema,
  envelopeSchema,
  forceQuerySchema,
  hostNetworkParamsSchema,
  hostParamsSchema,
  updateHostInputSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { HostsService } from './hosts.service.ts';

/** HTTP for hosts as the console uses them (api-contract §2.4, spec §7 "Hosts"). */
export const hostsRoutes =
  (hosts: HostsService, lists: ReadCache): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['hosts'];
    // A host spans networks: its list and its own settings are platform admins' (decision 046).
    const admin = {
      config: { access: access.admin(network.global('hosts span networks (platform admins)')) },
    };

    const hostListSchema = z.array(apiHostSchema);
    // Admins all see the same list, so the serialised (and compressed) answer is shared between them.
    app.get(
      '/api/hosts',
      { ...admin, schema: { tags, response: { 200: hostListSchema } } },
      (request, reply) =>
        lists.send(request, reply, 'hosts', async () =>
          JSON.stringify(hostListSchema.encode(await hosts.list())),
        ),
    );

    app.put('/api/hosts/keys', { ...admin, schema: { tags } }, async (_request, reply) => {
      await hosts.refreshKeys();
      return reply.status(200).send();
    });

    app.put(
      '/api/hosts/:hostid',
      {
        ...admin,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          params: hostParamsSchema,
          body: updateHostInputSchema,
          response: { 200: apiHostSchema },
        },
      },
      (request) => hosts.update(request.params.hostid, request.body),
    );

    app.delete(
      '/api/hosts/:hostid',
      {
        // v0.30 dashboards delete with a user token; agents leave with their host token (api-contract §1.8).
        config: { access: access.hostOrUser('hostid', admin.config.access) },
        schema: {
          tags,
          params: hostParamsSchema,
          querystring: forceQuerySchema,
          response: { 200: envelopeSchema(apiHostSchema) },
        },
      },
      async (request) => {
        const deleted = await hosts.delete(request.params.hostid, request.query.force === 'true');
        return { Code: 200, Message: `deleted host ${deleted.name}`, Response: deleted };
      },
    );

    app.post(
      '/api/hosts/:hostid/networks/:network',
      {
        // The host joins the network: it is not in it yet, so the network is the path's (the service checks the
        // caller may act on the host, canManageHost).
        config: { access: access.networkAdmin(network.param('network')) },
        schema: { tags, params: hostNetworkParamsSchema },
      },
      async (request, reply) => {
        await hosts.join(request.principal, request.params.hostid, request.params.network);
        return reply.status(200).send();
      },
    );

    app.delete(
      '/api/hosts/:hostid/networks/:network',
      {
        config: { access: access.networkAdmin(network.of('host', 'hostid', 'network')) },
        schema: { tags, params: hostNetworkParamsSchema, querystring: forceQuerySchema },
      },
      async (request, reply) => {
        const force = request.query.force === 'true';
        await hosts.leave(request.params.hostid, request.params.network, force);
        if (!force) return reply.status(200).send();
        return { Code: 200, Message: 'force deleted daemon node successfully', Response: null };
      },
    );

    app.put(
      '/api/hosts/:hostid/keys',
      { ...admin, schema: { tags, params: hostParamsSchema } },
      async (request, reply) => {
        await hosts.refreshKeys(request.params.hostid);
        return reply.status(200).send();
      },
    );

    app.post(
      '/api/hosts/:hostid/sync',
      { ...admin, schema: { tags, params: hostParamsSchema } },
      async (request, reply) => {
        await hosts.sync(request.params.hostid);
        return reply.status(200).send();
      },
    );

    app.put(
      '/api/hosts/:hostid/upgrade',
      {
        ...admin,
        schema: {
          tags,
          params: hostParamsSchema,
          querystring: forceQuerySchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await hosts.upgrade(request.params.hostid, request.query.force === 'true');
        return { Code: 200, Message: 'passed message to upgrade host', Response: null };
      },
    );
  };
