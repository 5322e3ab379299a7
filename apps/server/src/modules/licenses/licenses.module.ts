import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { isInUnitOfWork } from '../../lib/after-commit.ts';
import type { ModuleApp } from '../../lib/module.ts';
import { ed25519PublicKey } from './license-token.ts';
import { LICENSE_PUBLIC_KEY_PEM } from './license-public-key.ts';
import type { Licensing } from './licenses.public.ts';
import { LicensesRepository } from './licenses.repository.ts';
import { installLicenseHooks, licensesRoutes } from './licenses.routes.ts';
import { LicensesService } from './licenses.service.ts';

/** What the licenses module uses: the configuration (edition, licence source) and the database. */
export interface LicensesModuleDeps {
  config: Config;
  database: DatabaseHandle;
}

/**
 * Editions and licence (issue 33, decision 041): the Pro trial, the offline-verified licence, the 403 gate of a
 * failed licence and the licence limits. Register it before every module whose routes it gates.
 */
export async function register(app: ModuleApp, { config, database }: LicensesModuleDeps): Promise<Licensing> {
  const isPro = config.edition === 'pro';
  const publicKey = ed25519PublicKey(config.license.testPublicKey ?? LICENSE_PUBLIC_KEY_PEM);
  const service = new LicensesService(
    isPro,
    config.license,
    publicKey,
    new LicensesRepository(database.db),
    () => new Date(),
    (message, detail) => app.log.warn({ err: detail }, message),
  );
  await service.load();
  if (isPro) {
    installLicenseHooks(app, service);
    await app.register(licensesRoutes(service));
  }
  return {
    status: () => service.status(),
    limits: {
      reserve: (kind, trx) => {
        // Counted anywhere else than in the inserting transaction, the limit would not hold (decision 049).
        if (!trx && !isInUnitOfWork())
          throw new Error(`licence limit of ${kind} reserved outside a unit of work`);
        return service.reserve(new LicensesRepository(trx ?? database.db), kind);
      },
    },
  };
}
