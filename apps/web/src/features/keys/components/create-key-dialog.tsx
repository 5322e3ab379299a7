import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { Button, Group, Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCreateEnrollmentKey } from '@/features/keys/api/enrollment-key-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { KeyFormFields } from './key-form-fields.tsx';
import { emptyKeyForm, toEnrollmentKeyInput, validateKeyForm, type KeyFormValues } from './key-form-rules.ts';

export interface CreateKeyDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Receives the new key, e.g. so the new-device wizard can use its token straight away. */
  onCreated?: (key: EnrollmentKeyItem) => void;
}

/** Create an enrollment key of one of the three types (features §3.21). */
export function CreateKeyDialog({ opened, onClose, onCreated }: CreateKeyDialogProps) {
  const { t } = useTranslation('keys');
  const createKey = useCreateEnrollmentKey();
  const form = useForm<KeyFormValues>({
    mode: 'controlled',
    initialValues: emptyKeyForm(),
    validate: (values) => {
      const errors = validateKeyForm(values);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
  });

  const handleClose = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = (values: KeyFormValues) => {
    createKey.mutate(toEnrollmentKeyInput(values), {
      onSuccess: (key) => {
        notifySuccess(t('created', { name: key.name }));
        onCreated?.(key);
        handleClose();
      },
      onError: (error) => notifyFailure(t('createFailed'), error),
    });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={t('createTitle')} size="lg" centered>
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
        <KeyFormFields form={form} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={handleClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={createKey.isPending}>
            {t('create')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
