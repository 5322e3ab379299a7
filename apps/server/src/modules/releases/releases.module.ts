import type { Config } from '../../config.ts';
import type { ModuleApp } from '../../lib/module.ts';
import { SERVER_VERSION } from '../server/server.public.ts';
import { ClientDownloadsCatalog } from './client-downloads.service.ts';
import { releasesRoutes } from './releases.routes.ts';
import { UpgradeChecker } from './upgrade-check.service.ts';

/** What the releases module uses: the feed URL, whether the console is hosted, and the agent's folder. */
export interface ReleasesModuleDeps {
  config: Config;
}

/** The upgrade check (spec §4) and the client downloads with their checksums (spec §9). */
export async function register(app: ModuleApp, { config }: ReleasesModuleDeps): Promise<void> {
  // Hosted tenants do not upgrade their server: the check is off there whatever the feed (spec §2).
  const feed = config.console.isHosted ? undefined : config.console.releasesUrl;
  const checker = new UpgradeChecker(feed, SERVER_VERSION);
  checker.start();
  app.addHook('onClose', () => checker.stop());
  await app.register(releasesRoutes(checker, new ClientDownloadsCatalog(config.agentDir, SERVER_VERSION)));
}
