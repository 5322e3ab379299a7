import { accessAssertionInputSchema, type AccessAssertionInput } from '@meshdeck/contracts';
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useServerStatus } from '@/lib/server-status.ts';
import { useCreateAssertion } from '../api/acl-mutations.ts';
import { decodeRef, usePolicyOptions } from './policy-options.ts';

interface CheckValues {
  name: string;
  from: string;
  to: string;
  expect: 'reach' | 'no-reach';
  port: number | string;
}

const toBody = (values: CheckValues, networkId: string): AccessAssertionInput => ({
  network_id: networkId,
  name: values.name.trim(),
  from: decodeRef(values.from),
  to: decodeRef(values.to),
  expect: values.expect,
  ...(typeof values.port === 'number' ? { protocol: 'tcp' as const, port: values.port } : {}),
});

function CheckForm({ networkId, onClose }: { networkId: string; onClose: () => void }) {
  const { t } = useTranslation('access');
  const { t: tCommon } = useTranslation('common');
  const isPro = useServerStatus(useQueryClient()).status.isPro;
  const options = usePolicyOptions(networkId, isPro, undefined).destinations;
  const create = useCreateAssertion(networkId);
  const form = useForm<CheckValues>({
    initialValues: { name: '', from: '', to: '', expect: 'reach', port: '' },
    validate: contractValidator<CheckValues>({
      schema: accessAssertionInputSchema,
      toWire: (values) => toBody(values, networkId),
      toFieldError: (issue) => {
        const field = issueField(issue);
        if (field === 'name') return ['name', t('checks.nameRequired')];
        if (field === 'from' || field === 'to') return [field, t('checks.endRequired')];
        if (field === 'port') return ['port', issue.message];
        return null;
      },
    }),
  });
  const handleSubmit = (values: CheckValues) =>
    create.mutate(toBody(values, networkId), {
      onSuccess: () => {
        notifySuccess(t('checks.created', { name: values.name.trim() }));
        onClose();
      },
      onError: (error) => notifyFailure(t('checks.createFailed'), error),
    });
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('checks.name')}
          withAsterisk
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('checks.from')}
          searchable
          limit={100}
          data={options}
          key={form.key('from')}
          {...form.getInputProps('from')}
        />
        <Select
          label={t('checks.expect')}
          allowDeselect={false}
          data={[
            { value: 'reach', label: t('checks.expectReach') },
            { value: 'no-reach', label: t('checks.expectNoReach') },
          ]}
          key={form.key('expect')}
          {...form.getInputProps('expect')}
        />
        <Select
          label={t('checks.to')}
          searchable
          limit={100}
          data={options}
          key={form.key('to')}
          {...form.getInputProps('to')}
        />
        <NumberInput
          label={t('checks.port')}
          description={t('checks.portHint')}
          min={1}
          max={65535}
          key={form.key('port')}
          {...form.getInputProps('port')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('checks.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add a check: from, to, reach or not, and an optional TCP port. */
export function CheckDialog({
  opened,
  networkId,
  onClose,
}: {
  opened: boolean;
  networkId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('access');
  return (
    <Modal opened={opened} onClose={onClose} title={t('checks.addTitle')} centered>
      {opened && <CheckForm networkId={networkId} onClose={onClose} />}
    </Modal>
  );
}
