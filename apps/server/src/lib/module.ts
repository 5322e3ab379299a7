import type { FastifyInstance } from 'fastify';

/**
 * The app a module's `register(app, deps)` mounts its routes on (modules/README.md): app.ts passes the one
 * Fastify instance it builds, with the zod type provider, so route schemas type the handlers.
 */
export type ModuleApp = FastifyInstance;
