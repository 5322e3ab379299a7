import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { EnrollmentKeysRepository } from '../modules/enrollment-keys/enrollment-keys.repository.ts';
import { NodesRepository } from '../modules/nodes/nodes.repository.ts';
import { HostsRepository } from '../modules/hosts/hosts.repository.ts';
import { NO_LICENSE_LIMITS, type LicenseLimits } from '../modules/licenses/licenses.public.ts';

/** The repositories of one transaction: everything they do commits or rolls back together. */
export interface HostTransactionRepositories {
  keys: EnrollmentKeysRepository;
  hosts: HostsRepository;
  nodes: NodesRepository;
}

/** What a host transaction's work gets: the repositories, and the licence's hosts limit in the same transaction. */
export interface HostTransactionWork extends HostTransactionRepositories {
  /**
   * Room for one more host under the licence's hosts limit (decision 049); call it first in a transaction that
   * will insert a host, so concurrent registrations take turns before they lock keys or address ranges.
   */
  reserveHost(): Promise<void>;
}

const ATTEMPTS = 3;

/** The hosts, nodes and enrollment-key repositories bound to the database, outside any transaction. */
export function meshRepositories(db: Kysely<Database>): HostTransactionRepositories {
  return {
    keys: new EnrollmentKeysRepository(db),
    hosts: new HostsRepository(db),
    nodes: new NodesRepository(db),
  };
}

/** Runs multi-table host writes (registration, join, delete) in one database transaction. */
export class HostsTransaction {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: LicenseLimits = NO_LICENSE_LIMITS,
  ) {}

  /**
   * Runs `work` in a transaction. Allocation is serialised per network, so a unique-index violation on an
   * address is not expected; if one happens anyway (another writer), the whole unit is retried from scratch.
   */
  async run<T>(work: (repositories: HostTransactionWork) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute((trx) =>
          work({
            keys: new EnrollmentKeysRepository(trx),
            hosts: new HostsRepository(trx),
            nodes: new NodesRepository(trx),
            reserveHost: () => this.limits.reserve(trx, 'hosts'),
          }),
        );
      } catch (error) {
        if (attempt >= ATTEMPTS || !isUniqueViolation(error)) throw error;
      }
    }
  }
}
