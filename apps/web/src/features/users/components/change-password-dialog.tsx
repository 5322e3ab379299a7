import { newPasswordRules } from '@/lib/new-password-rules.ts';
import { type PeopleUser } from '@meshdeck/contracts';
import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/error-message.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useUpdateUser, withNewPassword } from '../api/user-mutations.ts';

/** Sets a new password for `user`; the rest of the user is sent back unchanged (PUT takes the whole user). */
export function ChangePasswordDialog({ user, onClose }: { user?: PeopleUser; onClose: () => void }) {
  const { t } = useTranslation('people');
  const update = useUpdateUser();
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: newPasswordRules(t),
  });

  const handleClose = () => {
    form.reset();
    update.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    if (!user) return;
    update.mutate(withNewPassword(user, values.password), {
      onSuccess: () => {
        notifySuccess(t('users.passwordChanged', { name: user.username }));
        handleClose();
      },
    });
  });

  return (
    <Modal
      opened={user !== undefined}
      onClose={handleClose}
      title={t('users.changePasswordTitle', { name: user?.username ?? '' })}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          {update.isError && <Alert color="red">{describeError(update.error)}</Alert>}
          <PasswordInput
            label={t('form.newPassword')}
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('form.confirmPassword')}
            required
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
