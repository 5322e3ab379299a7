import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { ModuleApp } from '../../lib/module.ts';
import type { EventBus } from '../events/events.public.ts';
import { brandIndexPage } from './branding-page.ts';
import { BrandingRepository } from './branding.repository.ts';
import { brandingRoutes } from './branding.routes.ts';
import { BrandingService } from './branding.service.ts';

/** What the branding module uses. */
export interface BrandingModuleDeps {
  config: Config;
  database: DatabaseHandle;
  events: EventBus;
}

/** What it offers the console's static plugin: index.html with the branding in effect. */
export interface BrandingModule {
  brandPage: (html: string) => Promise<string>;
}

/**
 * White-label branding (issue 33, decision 042): its routes, and index.html rewritten with the product name,
 * favicon, colours and splash logo, so the first paint and the sign-in page are branded without a request.
 */
export async function register(
  app: ModuleApp,
  { config, database, events }: BrandingModuleDeps,
): Promise<BrandingModule> {
  const isPro = config.edition === 'pro';
  const service = new BrandingService(new BrandingRepository(database.db), isPro, () =>
    events.publish({ resource: 'branding', action: 'updated' }),
  );
  await app.register(brandingRoutes(service, isPro));
  return { brandPage: async (html) => brandIndexPage(html, await service.get()) };
}
