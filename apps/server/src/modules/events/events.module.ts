import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from './event-bus.ts';
import { eventsRoutes } from './events.routes.ts';

/** What the events module uses: the bus app.ts builds and every announcing module shares. */
export interface EventsModuleDeps {
  events: EventBus;
}

/** The console's change stream, GET /api/v1/events (decision 001). */
export async function register(app: ModuleApp, { events }: EventsModuleDeps): Promise<void> {
  await app.register(eventsRoutes(events));
}
