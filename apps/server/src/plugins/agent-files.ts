import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where the contract serves client downloads (api-contract §1.4: the `/meshclient/files/*` static prefix). */
export const AGENT_FILES_PREFIX = '/meshclient/files/';

/**
 * Serves the bundled agent (`npm run build` writes it) so a device installs the agent from the server it joins.
 * Files are revalidated on every download: an upgraded server must hand out its own agent, not a cached one.
 *
 * Anything under the prefix that the folder does not hold answers 404 JSON, never the console's index page: the
 * executables have no file extension, so the console's history fallback would otherwise answer 200 text/html,
 * `curl -f` would save that page as the agent, and the install command's Node.js fallback would never run.
 */
export async function installAgentFiles(app: FastifyInstance, dir: string): Promise<void> {
  const isBuilt = fs.existsSync(dir);
  if (!isBuilt) app.log.warn({ dir }, 'agent bundle not built: run `npm run build` to offer it for download');
  await app.register(
    async (files) => {
      files.setNotFoundHandler((request, reply) =>
        reply
          .status(404)
          .type('application/json; charset=utf-8')
          .send({
            Code: 404,
            Message: `agent file not found: ${request.url.split('?')[0] ?? request.url}`,
            Response: null,
          }),
      );
      if (!isBuilt) return;
      await files.register(fastifyStatic, {
        root: dir,
        decorateReply: false,
        index: false,
        // The folder is flat: a directory or nested path is not a file it holds (the folder itself would be a 403).
        allowedPath: (pathName) => /^\/[^/]+$/.test(pathName),
        setHeaders(res) {
          res.header('cache-control', 'no-cache');
        },
      });
    },
    { prefix: AGENT_FILES_PREFIX.slice(0, -1) },
  );
}
