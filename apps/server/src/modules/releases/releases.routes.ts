import { clientDownloadsSchema, upgradeCheckSchema } from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { ClientDownloadsCatalog } from './client-downloads.service.ts';
import type { UpgradeChecker } from './upgrade-check.service.ts';

const tags = ['releases'];

/** HTTP for the upgrade check and the client downloads (Meshdeck routes, README "Upgrade check", "Downloads"). */
export const releasesRoutes =
  (checker: UpgradeChecker, downloads: ClientDownloadsCatalog): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/server/upgrade',
      {
        config: { access: access.anyUser(network.global('releases')) },
        schema: {
          tags,
          response: { 200: upgradeCheckSchema },
          description:
            "The release feed's newest stable version compared with this server's; enabled is false when RELEASES_URL is unset or the console is hosted.",
        },
      },
      () => checker.current(),
    );
    app.get(
      '/api/v1/downloads',
      {
        config: { access: access.anyUser(network.global('releases')) },
        schema: {
          tags,
          response: { 200: clientDownloadsSchema },
          description:
            'The agent files this server serves under /meshclient/files/, per OS and architecture, with the sha256 of each.',
        },
      },
      () => downloads.list(),
    );
  };
