import type { Config } from '../../config.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { EventBus } from '../events/events.public.ts';
import { invitesRoutes } from './invites.routes.ts';
import { InvitesService } from './invites.service.ts';
import { createMailer } from './mailer.ts';
import { PendingUsersService } from './pending-users.service.ts';

/** What the invites module uses. */
export interface InvitesModuleDeps {
  config: Config;
  identity: IdentityStore;
  events: EventBus;
}

/** Invites and pending users (api-contract §2.11, Pro). */
export async function register(
  app: ModuleApp,
  { config, identity, events }: InvitesModuleDeps,
): Promise<void> {
  const mailer = createMailer(config.smtp.url, config.smtp.from);
  const invites = new InvitesService(identity, config.edition, events, mailer, app.log);
  const pending = new PendingUsersService(identity, events, config.edition);
  await app.register(invitesRoutes(invites, pending, config.frontendUrl, config.loginRateLimitPerMinute));
}
