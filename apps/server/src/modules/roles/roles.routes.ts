import {
  createRoleInputSchema,
  envelopeSchema,
  roleIdQuerySchema,
  rolesQuerySchema,
  updateRoleInputSchema,
  userRoleSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { RolesService } from './roles.service.ts';

const tags = ['roles'];
const admin = { access: access.admin(network.global('people')) };

/** HTTP for roles (api-contract §2.12 role list; §2.13 role CRUD, registered on Pro only). */
export const rolesRoutes =
  (roles: RolesService, isPro: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/users/roles',
      {
        config: admin,
        schema: {
          tags,
          querystring: rolesQuerySchema,
          response: { 200: envelopeSchema(z.array(userRoleSchema)) },
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched roles',
        Response: await roles.list(request.query.platform === 'true'),
      }),
    );
    if (!isPro) return;
    app.get(
      '/api/v1/users/role',
      {
        config: admin,
        schema: { tags, querystring: roleIdQuerySchema, response: { 200: envelopeSchema(userRoleSchema) } },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched role',
        Response: await roles.get(request.query.role_id),
      }),
    );
    app.post(
      '/api/v1/users/role',
      {
        config: admin,
        schema: { tags, body: createRoleInputSchema, response: { 200: envelopeSchema(userRoleSchema) } },
      },
      async (request) => ({ Code: 200, Message: 'created role', Response: await roles.create(request.body) }),
    );
    app.put(
      '/api/v1/users/role',
      {
        config: admin,
        schema: { tags, body: updateRoleInputSchema, response: { 200: envelopeSchema(userRoleSchema) } },
      },
      async (request) => ({ Code: 200, Message: 'updated role', Response: await roles.update(request.body) }),
    );
    app.delete(
      '/api/v1/users/role',
      {
        config: admin,
        schema: { tags, querystring: roleIdQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await roles.delete(request.query.role_id);
        return { Code: 200, Message: 'deleted role', Response: null };
      },
    );
  };
