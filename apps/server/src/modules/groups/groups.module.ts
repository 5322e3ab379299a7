import type { ModuleApp } from '../../lib/module.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { EventBus } from '../events/events.public.ts';
import { groupsRoutes } from './groups.routes.ts';
import { GroupsService } from './groups.service.ts';

/** What the groups module uses. */
export interface GroupsModuleDeps {
  identity: IdentityStore;
  events: EventBus;
}

/** User groups (api-contract §2.11, Pro). */
export async function register(app: ModuleApp, { identity, events }: GroupsModuleDeps): Promise<void> {
  await app.register(groupsRoutes(new GroupsService(identity, events)));
}
