import type { FastifyInstance } from 'fastify';

/**
 * The app a module's `register(app, deps)` mounts its routes on (modules/README.md): app.ts passes the one
 * Fastify instance it builds, with the zod type provider, so route schemas type the handlers.
 */
export type ModuleApp = FastifyInstance;

/**
 * One unit of work (decision 059): `work` runs in one database transaction that every repository built on the
 * database handle's `db` joins, its effects sent after COMMIT. A module entry makes it from
 * `database.runInTransaction` and gives it to the services that write more than one row (or another module's
 * records beside their own) in one go.
 */
export type UnitOfWork = <T>(work: () => Promise<T>) => Promise<T>;
