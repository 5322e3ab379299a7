import { createGroupInputSchema, envelopeSchema, groupIdQuerySchema, updateGroupInputSchema, userGroupSchema } from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import type { GroupsService } from './groups.service.ts';

const tags = ['groups'];
const admin = { access: access.admin() };

/** HTTP for user groups (api-contract §2.13, Pro). */
export const groupsRoutes =
  (groups: GroupsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/v1/users/groups', { config: admin, schema: { tags, response: { 200: envelopeSchema(z.array(userGroupSchema)) } } }, async () => ({
      Code: 200,
      Message: 'fetched groups',
      Response: await groups.list(),
    }));
    app.get(
      '/api/v1/users/group',
      { config: admin, schema: { tags, querystring: groupIdQuerySchema, response: { 200: envelopeSchema(userGroupSchema) } } },
      async (request) => ({ Code: 200, Message: 'fetched group', Response: await groups.get(request.query.group_id) }),
    );
    app.post(
      '/api/v1/users/group',
      { config: admin, schema: { tags, body: createGroupInputSchema, response: { 200: envelopeSchema(userGroupSchema) } } },
      async (request) => ({ Code: 200, Message: 'created group', Response: await groups.create(request.body) }),
    );
    app.put(
      '/api/v1/users/group',
      { config: admin, schema: { tags, body: updateGroupInputSchema, response: { 200: envelopeSchema(userGroupSchema) } } },
      async (request) => ({ Code: 200, Message: 'updated group', Response: await groups.update(request.body) }),
    );
    app.delete(
      '/api/v1/users/group',
      { config: admin, schema: { tags, querystring: groupIdQuerySchema, response: { 200: envelopeSchema(z.null()) } } },
      async (request) => {
        await groups.delete(request.query.group_id);
        return { Code: 200, Message: 'deleted group', Response: null };
      },
    );
  };
