import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/client.ts';
import type { Database } from '../db/schema.ts';
import { NodesRepository } from '../modules/nodes/nodes.repository.ts';
import { ExtClientsRepository } from '../modules/ext-clients/ext-clients.repository.ts';

/** The repositories of one transaction: everything they do commits or rolls back together. */
export interface ExtClientRepositories {
  clients: ExtClientsRepository;
  nodes: NodesRepository;
}

const ATTEMPTS = 3;

/** Runs multi-step client writes (allocate and insert, rename, gateway removal) in one database transaction. */
export class ExtClientsTransaction {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in a transaction, retried from scratch on a unique-index violation: allocation is serialised
   * per network, so that only happens when another writer got in first (the unique indexes are the last word).
   */
  async run<T>(work: (repositories: ExtClientRepositories) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db
          .transaction()
          .execute((trx) =>
            work({ clients: new ExtClientsRepository(trx), nodes: new NodesRepository(trx) }),
          );
      } catch (error) {
        if (attempt >= ATTEMPTS || !isUniqueViolation(error)) throw error;
      }
    }
  }
}
