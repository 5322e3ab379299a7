import {
  createGroupInputSchema,
  envelopeSchema,
  groupIdQuerySchema,
  returnUserSchema,
  updateGroupInputSchema,
  userGroupSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { GroupsService } from './groups.service.ts';

const tags = ['groups'];
const admin = { access: access.admin(network.global('people')) };

/** HTTP for user groups (api-contract §2.13, Pro). */
export const groupsRoutes =
  (groups: GroupsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/users/groups',
      { config: admin, schema: { tags, response: { 200: envelopeSchema(z.array(userGroupSchema)) } } },
      async () => ({
        Code: 200,
        Message: 'fetched groups',
        Response: await groups.list(),
      }),
    );
    const networkQuery = z.object({
      network: z.string({ error: 'network is required' }).min(1, 'network is required').max(64),
    });
    app.get(
      '/api/v1/users/groups/network',
      {
        config: admin,
        schema: {
          tags,
          querystring: networkQuery,
          response: { 200: envelopeSchema(z.array(userGroupSchema)) },
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched groups of the network',
        Response: await groups.listForNetwork(request.query.network),
      }),
    );
    app.get(
      '/api/v1/users/network',
      {
        config: admin,
        schema: {
          tags,
          querystring: networkQuery,
          response: { 200: envelopeSchema(z.array(returnUserSchema)) },
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched users of the network',
        Response: await groups.listUsersOfNetwork(request.query.network),
      }),
    );
    app.get(
      '/api/v1/users/group',
      {
        config: admin,
        schema: { tags, querystring: groupIdQuerySchema, response: { 200: envelopeSchema(userGroupSchema) } },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched group',
        Response: await groups.get(request.query.group_id),
      }),
    );
    app.post(
      '/api/v1/users/group',
      {
        config: admin,
        schema: { tags, body: createGroupInputSchema, response: { 200: envelopeSchema(userGroupSchema) } },
      },
      async (request) => ({
        Code: 200,
        Message: 'created group',
        Response: await groups.create(request.body),
      }),
    );
    app.put(
      '/api/v1/users/group',
      {
        config: admin,
        schema: { tags, body: updateGroupInputSchema, response: { 200: envelopeSchema(userGroupSchema) } },
      },
      async (request) => ({
        Code: 200,
        Message: 'updated group',
        Response: await groups.update(request.body),
      }),
    );
    app.delete(
      '/api/v1/users/group',
      {
        config: admin,
        schema: { tags, querystring: groupIdQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await groups.delete(request.query.group_id);
        return { Code: 200, Message: 'deleted group', Response: null };
      },
    );
  };
