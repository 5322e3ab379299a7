import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type {
  AuthenticateInput,
  CreateSuperAdminInput,
  Edition,
  ReturnUser,
  UserWithRole,
} from '@meshdeck/contracts';
import { GLOBAL_NETWORK_ADMIN_GROUP } from '../../auth/access.ts';
import type { TokenService } from '../../auth/tokens.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/api-error.ts';
import type { IdentityRepositories } from '../../stores/identity.repository.ts';
import { presentRole, presentUser } from './users.presenter.ts';
import type { UsersRepository } from './users.repository.ts';

/** The one answer to every failed login, so it never tells whether the username exists. */
export const INCORRECT_CREDENTIALS = 'incorrect credentials';

export interface LoginResult {
  username: string;
  token: string;
}

/** User rules: first super-admin, login, and reading users. No HTTP, no SQL. */
export class UsersService {
  #dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UsersRepository,
    private readonly roles: IdentityRepositories['roles'],
    private readonly tokens: TokenService,
    private readonly edition: Edition,
  ) {}

  /** Whether the first administrator has been created. */
  hasSuperAdmin(): Promise<boolean> {
    return this.users.hasSuperAdmin();
  }

  /** Creates the one super-admin; refused once one exists, also under concurrent requests. */
  async createSuperAdmin(input: CreateSuperAdminInput): Promise<ReturnUser> {
    if (await this.users.hasSuperAdmin()) throw badRequest('superadmin user already exists');
    const passwordHash = await hash(input.password);
    const created = await this.users.insert({
      username: input.username,
      passwordHash,
      platformRoleId: 'super-admin',
      isSuperAdmin: true,
      groupIds: this.edition === 'pro' ? [GLOBAL_NETWORK_ADMIN_GROUP] : [],
      now: new Date().toISOString(),
    });
    if (created === 'duplicate') throw badRequest('superadmin user already exists');
    return presentUser(created);
  }

  /**
   * Checks a username and password and issues a session token. Unknown, disabled and SSO users get the same
   * answer as a wrong password, after the same argon2 check (against a dummy hash when there is no usable one),
   * so neither the answer nor its timing tells an attacker which usernames exist.
   */
  async authenticate(input: AuthenticateInput, fromUi: boolean): Promise<LoginResult> {
    const user = await this.users.findByUsername(input.username);
    const hashToCheck = user?.password_hash || (await this.dummyHash());
    const isValid = await verify(hashToCheck, input.password).catch(() => false);
    if (!user || !isValid || user.account_disabled === 1 || user.auth_type !== 'basic_auth')
      throw unauthorized(INCORRECT_CREDENTIALS);
    if (fromUi) {
      const role = await this.roles.findById(user.platform_role_id);
      if (role?.deny_dashboard_access === 1) throw unauthorized('access denied to dashboard');
    }
    await this.users.touchLastLogin(user.username, new Date().toISOString());
    return {
      username: user.username,
      token: await this.tokens.signUserToken(
        user.username,
        user.platform_role_id,
        new Date(),
        user.token_generation,
      ),
    };
  }

  /** A user with its platform role object, as GET /api/v1/users returns it. */
  async getUserWithRole(username: string): Promise<UserWithRole> {
    const user = await this.users.findByUsername(username);
    if (!user) throw notFound(`user ${username} not found`);
    const role = await this.roles.findById(user.platform_role_id);
    if (!role) throw forbidden(`platform role ${user.platform_role_id} does not exist`);
    return { ...presentUser(user), platform_role: presentRole(role) };
  }

  /** A hash of a random secret with the same argon2 settings as real ones, made once per process. */
  private dummyHash(): Promise<string> {
    this.#dummyHash ??= hash(randomBytes(24).toString('base64url'));
    return this.#dummyHash;
  }
}
