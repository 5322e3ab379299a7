import {
  approvePendingUserInputSchema,
  deleteInviteQuerySchema,
  envelopeSchema,
  inviteCodeQuerySchema,
  inviteSignupInputSchema,
  inviteUsersInputSchema,
  returnUserSchema,
  userInviteSchema,
  usernameParamsSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { InvitesService } from './invites.service.ts';
import type { PendingUsersService } from './pending-users.service.ts';

const tags = ['invites'];
const admin = { access: access.admin(network.global('people')) };
const ok = (message: string) => ({ Code: 200, Message: message, Response: null });

/** HTTP for invites and pending users (api-contract §2.13, Pro). */
export const invitesRoutes =
  (
    invites: InvitesService,
    pending: PendingUsersService,
    frontendUrl: string | undefined,
    signupRateLimitPerMinute: number,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const baseUrl = (request: { protocol: string; host: string }) =>
      frontendUrl ?? `${request.protocol}://${request.host}`;
    // Public and guessable by brute force: bounded per client address like login.
    const publicLimit = {
      access: access.public(),
      rateLimit: { max: signupRateLimitPerMinute, timeWindow: '1 minute' },
    };

    app.get(
      '/api/v1/users/invite',
      {
        config: publicLimit,
        schema: { tags, querystring: inviteCodeQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await invites.validate(request.query.email, request.query.invite_code);
        return ok('invite is valid');
      },
    );
    app.post(
      '/api/v1/users/invite-signup',
      {
        config: publicLimit,
        schema: {
          tags,
          querystring: inviteCodeQuerySchema,
          body: inviteSignupInputSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await invites.signUp(request.query.email, request.query.invite_code, request.body);
        return ok(`created user successfully ${request.query.email}`);
      },
    );
    app.post(
      '/api/v1/users/invite',
      {
        config: admin,
        schema: {
          tags,
          body: inviteUsersInputSchema,
          response: { 200: envelopeSchema(z.array(userInviteSchema)) },
        },
      },
      async (request) => {
        const { invites: created, unsent } = await invites.create(
          request.principal,
          request.body,
          baseUrl(request),
        );
        // The contract's payload is empty; the links are returned too so the admin can always copy them.
        const message =
          unsent.length > 0
            ? `triggered user invites; the email to ${unsent.join(', ')} could not be sent: copy the link`
            : 'triggered user invites';
        return { Code: 200, Message: message, Response: created };
      },
    );
    app.get(
      '/api/v1/users/invites',
      { config: admin, schema: { tags, response: { 200: envelopeSchema(z.array(userInviteSchema)) } } },
      async (request) => ({
        Code: 200,
        Message: 'fetched invites',
        Response: await invites.list(baseUrl(request)),
      }),
    );
    app.delete(
      '/api/v1/users/invite',
      {
        config: admin,
        schema: { tags, querystring: deleteInviteQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await invites.delete(request.query.invitee_email);
        return ok('deleted user invite');
      },
    );
    app.delete(
      '/api/v1/users/invites',
      { config: admin, schema: { tags, response: { 200: envelopeSchema(z.null()) } } },
      async () => {
        await invites.deleteAll();
        return ok('deleted all user invites');
      },
    );

    app.get(
      '/api/users_pending',
      { config: admin, schema: { tags, response: { 200: z.array(returnUserSchema) } } },
      () => pending.list(),
    );
    app.delete(
      '/api/users_pending',
      { config: admin, schema: { tags, response: { 200: envelopeSchema(z.null()) } } },
      async () => {
        await pending.denyAll();
        return ok('cleared all pending users');
      },
    );
    app.post(
      '/api/users_pending/user/:username',
      {
        config: admin,
        schema: {
          tags,
          params: usernameParamsSchema,
          // Meshdeck: an optional {platform_role_id, user_group_ids}; without it the user is a service-user.
          body: approvePendingUserInputSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await pending.approve(request.principal, request.params.username, request.body);
        return ok(`approved ${request.params.username}`);
      },
    );
    app.delete(
      '/api/users_pending/user/:username',
      {
        config: admin,
        schema: { tags, params: usernameParamsSchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await pending.deny(request.params.username);
        return ok(`deleted pending ${request.params.username}`);
      },
    );
  };
