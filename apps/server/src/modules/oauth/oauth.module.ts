import type { TokenService } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { EventBus } from '../events/events.public.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { OAuthService } from './oauth.service.ts';
import { openIdProvider } from './oidc-client.ts';

/** What the oauth module uses. */
export interface OAuthModuleDeps {
  config: Config;
  identity: IdentityStore;
  tokens: TokenService;
  events: EventBus;
}

/** OpenID Connect sign-in (Pro); without OIDC settings its routes answer that SSO is not configured. */
export async function register(
  app: ModuleApp,
  { config, identity, tokens, events }: OAuthModuleDeps,
): Promise<void> {
  const { oidc } = config;
  const oauth =
    oidc &&
    new OAuthService(
      identity,
      tokens,
      openIdProvider(oidc),
      oidc.allowedDomains,
      config.edition,
      events,
      app.log,
    );
  const urls = { publicApiUrl: config.publicApiUrl, frontendUrl: config.frontendUrl };
  await app.register(oauthRoutes(oauth, urls, config.loginRateLimitPerMinute));
}
