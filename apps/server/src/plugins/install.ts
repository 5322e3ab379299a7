import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { installRequestGuards } from '../lib/request-guards.ts';
import { installAgentFiles } from './agent-files.ts';
import { installAuth, type AuthDependencies } from './auth.ts';
import { withConsoleSettings } from './console-settings.ts';
import { installErrorHandling, installNotFound } from './errors.ts';
import { installOpenApi } from './openapi.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { installStaticConsole, type PageRewrite } from './static-console.ts';
import { installTransferOptimisations } from './transfer.ts';

/** What the infrastructure gives the plugins (infrastructure.ts). */
export interface PluginInfrastructure {
  /** The rate limits' store: undefined (in memory) on SQLite, in the database on PostgreSQL (decision 062). */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
}

/**
 * The plugins every route runs behind (errors, guards, headers, auth, rate limits, transfer, OpenAPI). Rate limits
 * count in memory on SQLite (one process) and in the database on PostgreSQL: replicas share them (decision 062).
 */
export async function installPlugins(
  app: FastifyInstance,
  config: Config,
  { rateLimitStore }: PluginInfrastructure,
  auth: AuthDependencies,
): Promise<void> {
  installErrorHandling(app);
  installRequestGuards(app);
  // Before auth: a request refused by the auth hook must still leave with the security headers.
  await installSecurityHeaders(app, config.corsAllowedOrigins, config.console);
  installAuth(app, auth);
  await app.register(rateLimit, { global: false, ...(rateLimitStore ? { store: rateLimitStore } : {}) });
  await installTransferOptimisations(app);
  await installOpenApi(app);
}

/** What answers after every module's routes: agent downloads, the built console (its page `rewrite`), the 404. */
export async function installFallbacks(
  app: FastifyInstance,
  config: Config,
  rewrite?: PageRewrite,
): Promise<void> {
  await installAgentFiles(app, config.agentDir);
  // The console's runtime settings (hosted mode, support chat, analytics) go into every copy of the page.
  const page: PageRewrite = async (html) =>
    withConsoleSettings(rewrite ? await rewrite(html) : html, config.console);
  const fallback = await installStaticConsole(app, config.consoleDir, page);
  installNotFound(app, fallback);
}
