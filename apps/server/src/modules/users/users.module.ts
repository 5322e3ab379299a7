import type { ReturnUser } from '@meshdeck/contracts';
import type { TokenService } from '../../auth/tokens.ts';
import type { Config } from '../../config.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { EventBus } from '../events/events.public.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';
import { UsersAdminService } from './users-admin.service.ts';

/** What the users module uses. */
export interface UsersModuleDeps {
  config: Config;
  identity: IdentityStore;
  tokens: TokenService;
  events: EventBus;
}

/** What the users module offers other modules (remote access reads a user's roles). */
export interface UsersModule {
  getUser: (username: string) => Promise<ReturnUser>;
}

/** Sign-in, the first super-admin, and user administration (api-contract §2.8, §2.11). */
export async function register(
  app: ModuleApp,
  { config, identity, tokens, events }: UsersModuleDeps,
): Promise<UsersModule> {
  const users = new UsersService(identity.read.users, identity.read.roles, tokens, config.edition);
  const admin = new UsersAdminService(identity, config.edition, events);
  await app.register(usersRoutes(users, admin, config.loginRateLimitPerMinute));
  return { getUser: (username) => admin.get(username) };
}
