import { randomInt } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  fromWireSet,
  INVITE_CODE_LENGTH,
  toWireSet,
  usernameSchema,
  type Edition,
  type InviteUsersInput,
  type UserInvite,
} from '@meshdeck/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Principal } from '../../auth/access.ts';
import { GLOBAL_NETWORK_ADMIN_GROUP } from '../../auth/builtin-roles.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import type { EventBus } from '../events/events.public.ts';
import { checkGroupIds, checkNetworkRoles, resolveNewUserRole } from '../users/users.public.ts';
import type { IdentityStore } from '../../stores/identity.repository.ts';
import type { InviteRow } from './invites.repository.ts';
import { inviteMail, type SendMail } from './mailer.ts';

/** Invites stop working after a week: a forwarded old email should not open an account. */
export const INVITE_VALID_DAYS = 7;
// No 0/O or 1/l/I: codes are read and typed by people.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const INVALID = 'invalid invite code';

const newCode = () =>
  Array.from({ length: INVITE_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export interface CreatedInvites {
  invites: UserInvite[];
  /** Emails whose message could not be sent (the links still work; the admin copies them). */
  unsent: string[];
}

/** Invites (api-contract §2.13): created by admins, redeemed once by the invitee. No HTTP, no SQL. */
export class InvitesService {
  constructor(
    private readonly store: IdentityStore,
    private readonly edition: Edition,
    private readonly events: EventBus,
    private readonly sendMail: SendMail | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  #present(row: InviteRow, baseUrl: string): UserInvite {
    const url = `${baseUrl}/invite?email=${encodeURIComponent(row.email)}&invite_code=${encodeURIComponent(row.invite_code)}`;
    return {
      email: row.email,
      platform_role_id: row.platform_role_id,
      user_group_ids: toWireSet(JSON.parse(row.user_group_ids) as string[]),
      network_roles: Object.fromEntries(
        Object.entries(JSON.parse(row.network_roles) as Record<string, string[]>).map(([net, ids]) => [
          net,
          toWireSet(ids),
        ]),
      ),
      invite_code: row.invite_code,
      invite_url: url,
    };
  }

  /** Invites each email with one role, groups and network roles; emails them when SMTP is configured. */
  async create(caller: Principal, input: InviteUsersInput, baseUrl: string): Promise<CreatedInvites> {
    const role = resolveNewUserRole(this.edition, caller, input.platform_role_id || 'service-user');
    for (const email of input.user_emails) {
      const valid = usernameSchema.safeParse(email);
      if (!valid.success)
        throw badRequest(`${email} cannot be a username: ${valid.error.issues[0]?.message ?? 'invalid'}`);
    }
    const now = new Date().toISOString();
    const rows = await this.store.write(async (repos) => {
      const groups = await checkGroupIds(repos, fromWireSet(input.user_group_ids));
      const networkRoles = await checkNetworkRoles(repos, input.network_roles ?? {});
      const created: InviteRow[] = [];
      for (const email of new Set(input.user_emails)) {
        if (await repos.users.findByUsername(email)) throw badRequest(`user ${email} already exists`);
        const row = {
          email,
          invite_code: newCode(),
          platform_role_id: role,
          user_group_ids: JSON.stringify(groups),
          network_roles: JSON.stringify(networkRoles),
          created_at: now,
        };
        await repos.invites.upsert(row);
        created.push(row);
      }
      return created;
    });
    this.events.publish({ resource: 'invites', action: 'created' });
    const invites = rows.map((row) => this.#present(row, baseUrl));
    const unsent: string[] = [];
    if (this.sendMail) {
      for (const invite of invites) {
        await this.sendMail(inviteMail(invite.email, invite.invite_url)).catch((error: unknown) => {
          this.log.warn({ err: error, email: invite.email }, 'invite email could not be sent');
          unsent.push(invite.email);
        });
      }
    }
    return { invites, unsent };
  }

  /** Every open invite, with its link. */
  async list(baseUrl: string): Promise<UserInvite[]> {
    return (await this.store.read.invites.listAll()).map((row) => this.#present(row, baseUrl));
  }

  /** Checks an email and code; 400 when unknown, wrong or expired. */
  async validate(email: string, code: string): Promise<void> {
    this.#check(await this.store.read.invites.find(email), code);
  }

  #check(row: InviteRow | undefined, code: string): InviteRow {
    if (!row || row.invite_code !== code) throw badRequest(INVALID);
    if (Date.parse(row.created_at) + INVITE_VALID_DAYS * 86_400_000 < Date.now())
      throw badRequest('invite code has expired: ask for a new invite');
    return row;
  }

  /** Creates the invited user with the invite's role, groups and network roles; the code works once. */
  async signUp(email: string, code: string, input: { username: string; password: string }): Promise<void> {
    if (input.username.toLowerCase() !== email) throw badRequest('username must be the invited email');
    const passwordHash = await hash(input.password);
    await this.store.write(async (repos) => {
      const invite = this.#check(await repos.invites.find(email), code);
      const groups = JSON.parse(invite.user_group_ids) as string[];
      const isAdmin = invite.platform_role_id === 'admin';
      const created = await repos.users.insert({
        username: email,
        passwordHash,
        platformRoleId: invite.platform_role_id,
        isSuperAdmin: false,
        groupIds:
          isAdmin && this.edition === 'pro' && !groups.includes(GLOBAL_NETWORK_ADMIN_GROUP)
            ? [...groups, GLOBAL_NETWORK_ADMIN_GROUP]
            : groups,
        networkRoles: JSON.parse(invite.network_roles) as Record<string, string[]>,
        now: new Date().toISOString(),
      });
      if (created === 'duplicate') throw badRequest(`user ${email} already exists`);
      await repos.invites.delete(email);
      await repos.invites.deletePending(email);
    });
    this.events.publish({ resource: 'users', action: 'created', id: email });
    this.events.publish({ resource: 'invites', action: 'deleted' });
  }

  /** Deletes one invite. */
  async delete(email: string): Promise<void> {
    if (!(await this.store.read.invites.delete(email))) throw notFound(`no invite for ${email}`);
    this.events.publish({ resource: 'invites', action: 'deleted' });
  }

  /** Deletes every invite. */
  async deleteAll(): Promise<void> {
    await this.store.read.invites.deleteAll();
    this.events.publish({ resource: 'invites', action: 'deleted' });
  }
}
