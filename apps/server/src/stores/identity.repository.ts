import type { Kysely } from 'kysely';
import { lockForWrite } from '../db/locks.ts';
import type { Database } from '../db/schema.ts';
import { AccessTokensRepository } from '../modules/access-tokens/access-tokens.repository.ts';
import { GroupsRepository } from '../modules/groups/groups.repository.ts';
import { InvitesRepository } from '../modules/invites/invites.repository.ts';
import { RolesRepository } from '../modules/roles/roles.repository.ts';
import { NO_LICENSE_LIMITS, type LicenseLimits } from '../modules/licenses/licenses.public.ts';
import { UsersRepository, type NewUser } from '../modules/users/users.repository.ts';

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

/** The users repository of a write: every insert first reserves room under the licence's users limit. */
class LimitedUsersRepository extends UsersRepository {
  constructor(
    trx: Kysely<Database>,
    private readonly reserve: () => Promise<void>,
  ) {
    super(trx);
  }

  override async insert(user: NewUser): ReturnType<UsersRepository['insert']> {
    await this.reserve();
    return super.insert(user);
  }
}

/** Gives services the people repositories, and runs multi-step writes in one serialised transaction. */
export class IdentityStore {
  readonly read: IdentityRepositories;
  private limits: LicenseLimits = NO_LICENSE_LIMITS;

  constructor(private readonly db: Kysely<Database>) {
    this.read = bind(db);
  }

  /** The licence's limits (the licenses module registers after this store is built, app.ts). */
  useLicenseLimits(limits: LicenseLimits): void {
    this.limits = limits;
  }

  /**
   * Runs `work` in one transaction holding the identity write lock, so check-then-write rules cannot interleave.
   * A user inserted there counts against the licence's users limit in that same transaction (decision 049).
   */
  write<T>(work: (repos: IdentityRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockForWrite(trx, IDENTITY_LOCK);
      const users = new LimitedUsersRepository(trx, () => this.limits.reserve('users', trx));
      return work({ ...bind(trx), users });
    });
  }

  /** Binds the repositories to a transaction someone else opened (network create and delete). */
  static within(trx: Kysely<Database>): IdentityRepositories {
    return bind(trx);
  }
}
