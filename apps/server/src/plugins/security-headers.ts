import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { consoleThirdPartyOrigins, type ConsoleConfig } from '../config-console.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer carries a token or key: browsers and proxies must not keep a copy (Cache-Control: no-store). */
    noStore?: boolean;
  }
}

/**
 * The console's Content-Security-Policy. Scripts only from our origin (the built console has no inline script).
 * Styles allow 'unsafe-inline' because Mantine injects <style> elements at runtime (theme CSS variables) and the
 * splash screen's style is inline in index.html; a nonce would need a per-request rewrite of index.html and a
 * nonce passed through Mantine, for little gain since injected styles cannot run code. `data:` images cover the
 * SVG icons in Mantine's CSS. No upgrade-insecure-requests: self-hosted servers are often reached over plain
 * HTTP on a LAN address, where upgrading every asset to https would break the console. The operator's support
 * chat and analytics, when configured (config-console.ts), add exactly their origins and nothing else.
 */
export function consoleCsp(thirdParty: ReturnType<typeof consoleThirdPartyOrigins>) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...thirdParty.script],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', ...thirdParty.img],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...thirdParty.connect],
      // Frames fall back to default-src 'self'; a support-chat widget's frames need its origin named.
      ...(thirdParty.frame.length > 0 ? { frameSrc: ["'self'", ...thirdParty.frame] } : {}),
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** The policy with no support chat or analytics configured: nothing but this server. */
export const CONSOLE_CSP = consoleCsp({ script: [], connect: [], img: [], frame: [] });

/**
 * Security headers on every answer (helmet), CORS only for the origins CORS_ALLOWED_ORIGIN names (none by
 * default: the console is served by this server, so it is same-origin), and no-store on secret-bearing answers.
 * Helmet's Cross-Origin-Opener-Policy: same-origin stays on every document, /login included, although it makes a
 * browser move the page into another renderer process once the response is in (40-130 ms later first paint in a
 * fresh browser, measured in decision 037).
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  corsAllowedOrigins: string[] | '*',
  consoleParts?: ConsoleConfig,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: consoleParts ? consoleCsp(consoleThirdPartyOrigins(consoleParts)) : CONSOLE_CSP,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  if (corsAllowedOrigins === '*' || corsAllowedOrigins.length > 0) {
    await app.register(cors, {
      origin: corsAllowedOrigins === '*' ? true : corsAllowedOrigins,
      allowedHeaders: ['Content-Type', 'Authorization', 'From-Ui', 'X-Application-Name', 'X-Requested-With'],
      methods: ['GET', 'PUT', 'POST', 'DELETE'],
    });
  }
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.noStore) reply.header('cache-control', 'no-store');
  });
}
