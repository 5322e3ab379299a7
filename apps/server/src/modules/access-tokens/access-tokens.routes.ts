import {
  accessTokenIdQuerySchema,
  accessTokenListQuerySchema,
  createAccessTokenInputSchema,
  envelopeSchema,
  userAccessTokenSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { AccessTokensService } from './access-tokens.service.ts';

const tags = ['users'];

/** HTTP for API access tokens (api-contract §2.12); who may touch whose tokens is the service's rule. */
export const accessTokensRoutes =
  (tokens: AccessTokensService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/users/access_token',
      {
        config: { access: access.anyUser(network.global("the caller's own tokens")), noStore: true },
        schema: {
          tags,
          body: createAccessTokenInputSchema,
          response: { 200: envelopeSchema(z.object({ UserName: z.string(), AuthToken: z.string() })) },
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'created access token',
        Response: await tokens.create(request.principal, request.body),
      }),
    );
    app.get(
      '/api/v1/users/access_token',
      {
        config: { access: access.anyUser(network.global("the caller's own tokens")) },
        schema: {
          tags,
          querystring: accessTokenListQuerySchema,
          response: { 200: envelopeSchema(z.array(userAccessTokenSchema)) },
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'fetched access tokens',
        Response: await tokens.list(request.principal, request.query.username),
      }),
    );
    app.delete(
      '/api/v1/users/access_token',
      {
        config: { access: access.anyUser(network.global("the caller's own tokens")) },
        schema: { tags, querystring: accessTokenIdQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        await tokens.revoke(request.principal, request.query.id);
        return { Code: 200, Message: 'revoked access token', Response: null };
      },
    );
  };
