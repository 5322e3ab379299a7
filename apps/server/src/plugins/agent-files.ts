import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the contract serves client downloads (api-contract §1.4: the `/meshclient/files/*` static prefix). */
export const AGENT_FILES_PREFIX = '/meshclient/files/';

/**
 * Serves the bundled agent (`npm run build` writes it) so a device installs the agent from the server it joins.
 * Files are revalidated on every download: an upgraded server must hand out its own agent, not a cached one.
 */
export async function installAgentFiles(app: FastifyInstance, dir: string): Promise<void> {
  if (!fs.existsSync(dir)) {
    app.log.warn({ dir }, 'agent bundle not built: run `npm run build` to offer it for download');
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: AGENT_FILES_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders(res) {
      res.header('cache-control', 'no-cache');
    },
  });
}
