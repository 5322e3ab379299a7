import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiClient, ApiError } from '@/lib/api-client.ts';
import { mockApi } from '@/test/mock-api.ts';
import { renderUi } from '@/test/render-ui.tsx';
import { SignupForm } from './signup-form.tsx';
import type * as ApiClientModule from '@/lib/api-client.ts';

vi.mock('@/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClientModule>()),
  apiClient: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

async function fillSignup(username: string, password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^username/i), username);
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.type(screen.getByLabelText(/^confirm password/i), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupForm', () => {
  it('when the confirmation differs from the password, then a mismatch message shows and nothing is sent', async () => {
    renderUi(<SignupForm onSignedUp={vi.fn()} />);
    await fillSignup('admin', 'secret-one', 'secret-two');
    expect(await screen.findByText('The passwords do not match')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('when the fields are too short, then the length rules are explained', async () => {
    renderUi(<SignupForm onSignedUp={vi.fn()} />);
    await fillSignup('abc', 'seven-7', 'seven-7');
    expect(await screen.findByText('The username must be at least 4 characters')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 8 characters')).toBeInTheDocument();
    expect(apiClient.post).not.toHaveBeenCalled();
  });

  it('when the server refuses, then its message is shown', async () => {
    mockApi({
      'POST users/adm/createsuperadmin': () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          message: 'superadmin user already exists',
          path: 'x',
        });
      },
    });
    const onSignedUp = vi.fn();
    renderUi(<SignupForm onSignedUp={onSignedUp} />);
    await fillSignup('admin', 'secret-one', 'secret-one');
    expect(await screen.findByRole('alert')).toHaveTextContent('superadmin user already exists');
    expect(apiClient.post).toHaveBeenCalledWith(
      'users/adm/createsuperadmin',
      { username: 'admin', password: 'secret-one' },
      expect.anything(),
    );
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});
