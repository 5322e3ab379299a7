import {
  authenticateInputSchema,
  authenticateResponseSchema,
  createSuperAdminInputSchema,
  createUserWithGroupsInputSchema,
  usernameSchema,
  envelopeSchema,
  getUserQuerySchema,
  returnUserSchema,
  userWithRoleSchema,
  updateUserInputSchema,
  usernameParamsSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, grantsOf } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { managedNetworks, networkPermissions } from './managed-networks.ts';
import type { UsersAdminService } from './users-admin.service.ts';
import type { UsersService } from './users.service.ts';

/** HTTP for users and authentication (api-contract §2.12). */
export const usersRoutes =
  (users: UsersService, admin: UsersAdminService, loginRateLimitPerMinute: number): FastifyPluginAsyncZod =>
  async (app) => {
    // Both hash a password (argon2) for anyone who asks, so both are bounded per client address.
    const loginLimit = { max: loginRateLimitPerMinute, timeWindow: '1 minute' };

    app.get(
      '/api/users/adm/hassuperadmin',
      { config: { access: access.public() }, schema: { tags: ['users'], response: { 200: z.boolean() } } },
      () => users.hasSuperAdmin(),
    );

    app.post(
      '/api/users/adm/createsuperadmin',
      {
        config: { access: access.public(), rateLimit: loginLimit },
        schema: { tags: ['users'], body: createSuperAdminInputSchema, response: { 200: returnUserSchema } },
      },
      (request) => users.createSuperAdmin(request.body),
    );

    app.post(
      '/api/users/adm/authenticate',
      {
        config: { access: access.public(), noStore: true, rateLimit: loginLimit },
        schema: {
          tags: ['users'],
          body: authenticateInputSchema,
          response: { 200: authenticateResponseSchema },
        },
      },
      async (request) => {
        const fromUi = request.headers['from-ui'] === 'true';
        const result = await users.authenticate(request.body, fromUi);
        return {
          Code: 200,
          Message: `W1R3: Device ${result.username} Authorized`,
          Response: { UserName: result.username, AuthToken: result.token },
        };
      },
    );

    app.get(
      '/api/v1/users',
      {
        config: { access: access.selfOrAdmin({ query: 'username' }) },
        schema: {
          tags: ['users'],
          querystring: getUserQuerySchema,
          response: { 200: envelopeSchema(userWithRoleSchema) },
        },
      },
      async (request) => {
        const user = await users.getUserWithRole(request.query.username);
        // Only a user reading itself learns what its grants allow (the console's write controls).
        const { principal } = request;
        const isSelf =
          principal.kind === 'user' && !principal.isMaster && principal.username === user.username;
        const grants = isSelf ? grantsOf(principal) : undefined;
        return {
          Code: 200,
          Message: 'fetched user',
          Response: grants
            ? {
                ...user,
                managed_networks: managedNetworks(grants),
                network_permissions: networkPermissions(grants),
              }
            : user,
        };
      },
    );

    app.post(
      '/api/users/:username',
      {
        config: { access: access.admin(network.global('people')) },
        schema: {
          tags: ['users'],
          params: z.object({ username: usernameSchema }),
          body: createUserWithGroupsInputSchema,
          response: { 200: returnUserSchema },
        },
      },
      (request) => admin.create(request.principal, request.params.username, request.body),
    );

    app.get(
      '/api/users',
      {
        config: { access: access.admin(network.global('people')) },
        schema: { tags: ['users'], response: { 200: z.array(returnUserSchema) } },
      },
      () => admin.list(),
    );

    app.get(
      '/api/users/:username',
      {
        config: { access: access.selfOrAdmin({ param: 'username' }) },
        schema: { tags: ['users'], params: usernameParamsSchema, response: { 200: returnUserSchema } },
      },
      (request) => admin.get(request.params.username),
    );

    app.put(
      '/api/users/:username',
      {
        // Users edit themselves (profile, password); the service decides what each caller may change.
        config: { access: access.selfOrAdmin({ param: 'username' }) },
        schema: {
          tags: ['users'],
          params: usernameParamsSchema,
          body: updateUserInputSchema,
          response: { 200: returnUserSchema },
        },
      },
      (request) => admin.update(request.principal, request.params.username, request.body),
    );

    app.delete(
      '/api/users/:username',
      {
        config: { access: access.admin(network.global('people')) },
        schema: { tags: ['users'], params: usernameParamsSchema, response: { 200: z.string() } },
      },
      (request) => admin.delete(request.principal, request.params.username),
    );

    app.post(
      '/api/users/adm/transfersuperadmin/:username',
      {
        config: { access: access.superAdmin() },
        schema: { tags: ['users'], params: usernameParamsSchema, response: { 200: returnUserSchema } },
      },
      (request) => admin.transferSuperAdmin(request.principal, request.params.username),
    );
  };
