import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The hosted console's UI-version path prefix (spec §2), as in /v0.30.0/networks. */
const VERSION_PREFIX = /^\/v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?=\/|$)/;

/** Rewrites index.html for this server (the branding module puts the branding in effect into it). */
export type PageRewrite = (html: string) => Promise<string>;

/**
 * Serves the built console from `dir`. Hashed assets are cached for a year; index.html is never cached, so an
 * upgrade (or a new branding) shows at once. Returns the history fallback for deep links (the HTML of index.html,
 * through `rewrite`), or undefined when the console has not been built.
 */
export async function installStaticConsole(
  app: FastifyInstance,
  dir: string,
  rewrite: PageRewrite = (html) => Promise.resolve(html),
): Promise<((url: string) => Promise<string | undefined>) | undefined> {
  const index = path.join(dir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dir }, 'console not built: run `npm run build` to serve it');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // The console build writes .br and .gz beside each asset (apps/web/vite-precompress.ts): sent as they are, not
    // compressed again on every request.
    preCompressed: true,
    setHeaders(res, filePath: string) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const page = indexPage(index);
  app.get('/', { config: { access: { kind: 'public' } }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await rewrite(page())),
  );
  // Deep links such as /networks/x/nodes get index.html; files that exist are served by the static handler. A
  // hosted console's UI-version prefix (/v0.30.0/...) is not a file name, although it looks like an extension.
  return async (url) => {
    const pathname = (url.split('?')[0] ?? '').replace(VERSION_PREFIX, '');
    return path.extname(pathname) === '' ? rewrite(page()) : undefined;
  };
}

/**
 * index.html from memory, re-read when the file changes (a rebuilt console). Served without the libuv thread
 * pool, where file reads would queue behind password hashing and compression during a burst of joins.
 */
function indexPage(file: string): () => string {
  let mtime = 0;
  let html = '';
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && stat.mtimeMs !== mtime) {
      html = fs.readFileSync(file, 'utf8');
      mtime = stat.mtimeMs;
    }
    return html;
  };
}
