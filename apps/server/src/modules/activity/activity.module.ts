import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import { installCapture } from './activity.capture.ts';
import { ActivityRepository } from './activity.repository.ts';
import { activityRoutes } from './activity.routes.ts';
import { ActivityService } from './activity.service.ts';

/** What the activity module uses. */
export interface ActivityModuleDeps {
  config: Config;
  database: DatabaseHandle;
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * The activity log (issue 33, decision 035): hooks that record every successful write with its before and after,
 * the read routes, and retention (entries older than ACTIVITY_RETENTION_DAYS pruned at start and hourly).
 * Register it before the modules whose writes it records, so its hooks run for their routes.
 */
export async function register(
  app: ModuleApp,
  { config, database }: ActivityModuleDeps,
): Promise<ActivityService> {
  const repository = new ActivityRepository(database.db);
  const service = new ActivityService(repository, config.activityRetentionDays);
  installCapture(app, repository, (error) => app.log.warn({ err: error }, 'activity entry not recorded'));
  // Retention runs on the owner of single-runner work (decision 063).
  const prune = async () =>
    database.work.isOwner() &&
    service.prune().catch((error: unknown) => app.log.warn({ err: error }, 'activity pruning failed'));
  await prune();
  const timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  await app.register(activityRoutes(service));
  return service;
}
