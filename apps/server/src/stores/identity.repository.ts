import type { Kysely } from 'kysely';
import { lockForWrite } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { AccessTokensRepository } from '../modules/access-tokens/access-tokens.repository.ts';
import { GroupsRepository } from '../modules/groups/groups.repository.ts';
import { InvitesRepository } from '../modules/invites/invites.repository.ts';
import { RolesRepository } from '../modules/roles/roles.repository.ts';
import { UsersRepository } from '../modules/users/users.repository.ts';

/** The repositories of people data, all bound to one executor (the database or one transaction). */
export interface IdentityRepositories {
  users: UsersRepository;
  roles: RolesRepository;
  groups: GroupsRepository;
  tokens: AccessTokensRepository;
  invites: InvitesRepository;
}

const bind = (db: Kysely<Database>): IdentityRepositories => ({
  users: new UsersRepository(db),
  roles: new RolesRepository(db),
  groups: new GroupsRepository(db),
  tokens: new AccessTokensRepository(db),
  invites: new InvitesRepository(db),
});

const IDENTITY_LOCK = 'identity';

/** Gives services the people repositories, and runs multi-step writes in one serialised transaction. */
export class IdentityStore {
  readonly read: IdentityRepositories;

  constructor(private readonly db: Kysely<Database>) {
    this.read = bind(db);
  }

  /** Runs `work` in one transaction holding the identity write lock, so check-then-write rules cannot interleave. */
  write<T>(work: (repos: IdentityRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockForWrite(trx, IDENTITY_LOCK);
      return work(bind(trx));
    });
  }

  /** Binds the repositories to a transaction someone else opened (network create and delete). */
  static within(trx: Kysely<Database>): IdentityRepositories {
    return bind(trx);
  }
}
