import type { TokenService } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import { accessTokensRoutes } from './access-tokens.routes.ts';
import { AccessTokensService } from './access-tokens.service.ts';

/** What the access-tokens module uses. */
export interface AccessTokensModuleDeps {
  config: Config;
  identity: IdentityStore;
  tokens: TokenService;
}

const service = ({ config, identity, tokens }: AccessTokensModuleDeps) =>
  new AccessTokensService(identity, tokens, config.publicApiUrl ?? config.serverName);

/** API access tokens (api-contract §2.12, §7.1). */
export async function register(app: ModuleApp, deps: AccessTokensModuleDeps): Promise<void> {
  await app.register(accessTokensRoutes(service(deps)));
}

/** The auth plugin's check of an API access token: true while its row exists (and records the use). */
export function accessTokenUse(
  deps: AccessTokensModuleDeps,
): (id: string, username: string) => Promise<boolean> {
  const tokens = service(deps);
  return (id, username) => tokens.use(id, username);
}
