import { verify } from '@node-rs/argon2';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenService } from '../../auth/tokens.ts';
import type { RolesRepository } from '../roles/roles.repository.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';
import { UsersService } from './users.service.ts';

vi.mock('@node-rs/argon2', () => ({
  hash: vi.fn(() => Promise.resolve('$argon2id$dummy')),
  verify: vi.fn(() => Promise.resolve(false)),
}));

const stored: UserRow = {
  username: 'alice',
  password_hash: '$argon2id$alice',
  platform_role_id: 'admin',
  super_admin_lock: null,
  auth_type: 'basic_auth',
  display_name: '',
  user_group_ids: '[]',
  network_roles: '{}',
  account_disabled: 0,
  last_login_time: null,
  created_at: '',
  updated_at: '',
  token_generation: 0,
  external_id: '',
};

const serviceWith = (user: UserRow | undefined) =>
  new UsersService(
    { findByUsername: () => Promise.resolve(user) } as unknown as UsersRepository,
    {} as RolesRepository,
    {} as TokenService,
    'community',
  );

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { statusCode: number; message: string }) => ({
      status: error.statusCode,
      message: error.message,
    }),
  );

describe('UsersService.authenticate', () => {
  beforeEach(() => vi.mocked(verify).mockClear());

  it('-> for an unknown user, still runs one argon2 verify (against a dummy hash) and fails like a wrong password', async () => {
    const unknown = await failureOf(
      serviceWith(undefined).authenticate({ username: 'ghost', password: 'pw' }, false),
    );
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(verify).mock.calls[0]?.[0]).toBe('$argon2id$dummy');
    const wrong = await failureOf(
      serviceWith(stored).authenticate({ username: 'alice', password: 'pw' }, false),
    );
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(2);
    expect(unknown).toEqual(wrong);
    expect(unknown).toEqual({ status: 401, message: 'incorrect credentials' });
  });

  it('-> for a disabled or SSO user with the right password, fails exactly like a wrong password', async () => {
    vi.mocked(verify).mockResolvedValue(true);
    for (const user of [
      { ...stored, account_disabled: 1 },
      { ...stored, auth_type: 'oauth' },
    ]) {
      expect(
        await failureOf(serviceWith(user).authenticate({ username: 'alice', password: 'right' }, false)),
      ).toEqual({ status: 401, message: 'incorrect credentials' });
    }
  });
});
