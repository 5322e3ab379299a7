import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { notFound } from '../../lib/api-error.ts';
import type { OAuthService } from './oauth.service.ts';

const STATE_COOKIE = 'meshdeck_sso_state';
const tags = ['oauth'];

const cookieValue = (header: string | undefined, name: string): string | undefined =>
  header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];

/**
 * Browser routes of single sign-on (api-contract §2.12): /api/oauth/login redirects to the provider, which sends
 * the browser back to /api/oauth/callback; that ends on the console's /login with `?login=<jwt>&user=<email>`,
 * `?sso=pending` (waiting for approval) or `?sso_error=<reason>`.
 */
export const oauthRoutes =
  (
    oauth: OAuthService | undefined,
    urls: { publicApiUrl: string | undefined; frontendUrl: string | undefined },
    rateLimitPerMinute: number,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
    const config = {
      access: access.public(),
      noStore: true,
      rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' },
    };
    const configured = () => {
      if (!oauth)
        throw notFound(
          'single sign-on is not configured on this server (set OIDC_ISSUER and OIDC_CLIENT_ID)',
        );
      return oauth;
    };
    const queryschema = z.looseObject({ auth_provider: z.string().max(64).optional() });

    app.get(
      '/api/oauth/login',
      { config, schema: { tags, querystring: queryschema } },
      async (request, reply) => {
        const redirectUri = `${urls.publicApiUrl ?? origin(request)}/api/oauth/callback`;
        const { url, state } = await configured().start(redirectUri);
        const secure = request.protocol === 'https' ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${STATE_COOKIE}=${state}; HttpOnly; SameSite=Lax; Path=/api/oauth; Max-Age=600${secure}`,
        );
        return reply.redirect(url, 307);
      },
    );

    app.get(
      '/api/oauth/callback',
      {
        config,
        schema: {
          tags,
          querystring: z.looseObject({
            state: z.string().max(512).optional(),
            code: z.string().max(4096).optional(),
          }),
        },
      },
      async (request, reply) => {
        const service = configured();
        const callbackUrl = new URL(request.url, urls.publicApiUrl ?? origin(request));
        const outcome = await service.finish(callbackUrl, cookieValue(request.headers.cookie, STATE_COOKIE));
        reply.header('set-cookie', `${STATE_COOKIE}=; HttpOnly; SameSite=Lax; Path=/api/oauth; Max-Age=0`);
        const login = new URL('/login', urls.frontendUrl ?? origin(request));
        if (outcome.kind === 'login') {
          login.searchParams.set('login', outcome.token);
          login.searchParams.set('user', outcome.username);
        } else if (outcome.kind === 'pending') {
          login.searchParams.set('sso', 'pending');
        } else {
          login.searchParams.set('sso_error', outcome.reason);
        }
        return reply.redirect(login.href, 302);
      },
    );
  };
