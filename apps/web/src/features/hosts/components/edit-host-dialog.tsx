import { updateHostInputSchema } from '@meshdeck/contracts';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUpdateHost } from '@/lib/api/host-mutations.ts';
import { toHostUpdateBody, type HostEdit, type HostView } from '@/lib/api/host-view.ts';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';

/** Wire field of the PUT body -> the form field and the translation key (namespace `devices`) it shows. */
const WIRE_FIELDS = {
  mtu: ['mtu', 'edit.mtuRange'],
  persistentkeepalive: ['keepaliveSeconds', 'edit.keepaliveRange'],
  listenport: ['listenPort', 'edit.portRange'],
  verbosity: ['verbosity', 'edit.verbosityRange'],
  endpointip: ['endpointIpv4', 'edit.ipInvalid'],
  endpointipv6: ['endpointIpv6', 'edit.ipInvalid'],
} as const satisfies Record<string, readonly [keyof HostEdit, string]>;
const isWireField = (field: string): field is keyof typeof WIRE_FIELDS => field in WIRE_FIELDS;

function EditHostForm({ host, onClose }: { host: HostView; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const updateHost = useUpdateHost();
  const form = useForm<HostEdit>({
    mode: 'controlled',
    initialValues: {
      name: host.name,
      mtu: host.mtu,
      keepaliveSeconds: host.keepaliveSeconds,
      isStaticPort: host.isStaticPort,
      listenPort: host.listenPort,
      verbosity: host.verbosity,
      isStaticEndpoint: host.isStaticEndpoint,
      endpointIpv4: host.endpointIpv4,
      endpointIpv6: host.endpointIpv6,
      isDefault: host.isDefault,
      isAutoUpdate: host.isAutoUpdate,
    },
    // The contract's rules on the body the save sends (updateHostInputSchema); an empty name would keep the
    // stored one on the server, but the form asks for one.
    validate: contractValidator<HostEdit>({
      schema: updateHostInputSchema,
      toWire: (edit) => toHostUpdateBody(host, { ...edit, name: edit.name.trim() }),
      toFieldError: (issue) => {
        const field = issueField(issue);
        // A too-long name has no spec text: the contract's own message says what is wrong.
        if (field === 'name') return ['name', issue.message];
        return isWireField(field) ? [WIRE_FIELDS[field][0], t(WIRE_FIELDS[field][1])] : null;
      },
      extra: (edit) => ({ name: edit.name.trim() === '' ? t('edit.nameRequired') : null }),
    }),
  });
  const values = form.getValues();

  const handleSubmit = (edit: HostEdit) =>
    updateHost.mutate(
      { host, edit: { ...edit, name: edit.name.trim() } },
      {
        onSuccess: () => {
          notifySuccess(t('edit.saved', { name: edit.name }));
          onClose();
        },
        onError: (error) => notifyFailure(t('edit.failed'), error),
      },
    );

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <TextInput label={t('fields.name')} withAsterisk {...form.getInputProps('name')} />
        <SimpleGrid cols={2}>
          <NumberInput label={t('fields.mtu')} allowDecimal={false} {...form.getInputProps('mtu')} />
          <NumberInput
            label={t('fields.keepalive')}
            allowDecimal={false}
            {...form.getInputProps('keepaliveSeconds')}
          />
          <NumberInput
            label={t('fields.verbosity')}
            min={0}
            max={4}
            allowDecimal={false}
            {...form.getInputProps('verbosity')}
          />
          <NumberInput
            label={t('fields.listenPort')}
            allowDecimal={false}
            disabled={!values.isStaticPort}
            {...form.getInputProps('listenPort')}
          />
        </SimpleGrid>
        <Switch
          label={t('fields.staticPort')}
          {...form.getInputProps('isStaticPort', { type: 'checkbox' })}
        />
        <Switch
          label={t('fields.staticEndpoint')}
          {...form.getInputProps('isStaticEndpoint', { type: 'checkbox' })}
        />
        {values.isStaticEndpoint && (
          <SimpleGrid cols={2}>
            <TextInput label={t('fields.endpointIpv4')} {...form.getInputProps('endpointIpv4')} />
            <TextInput label={t('fields.endpointIpv6')} {...form.getInputProps('endpointIpv6')} />
          </SimpleGrid>
        )}
        <Switch
          label={t('fields.isDefault')}
          description={t('edit.defaultHint')}
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
        />
        <Switch
          label={t('fields.autoUpdate')}
          {...form.getInputProps('isAutoUpdate', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={updateHost.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit a device's own settings (features §3.8); the whole host is sent back with the edits merged in. */
export function EditHostDialog({ host, onClose }: { host: HostView | undefined; onClose: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <Modal opened={host !== undefined} onClose={onClose} title={t('edit.title')} size="lg" centered>
      {host && <EditHostForm key={host.id} host={host} onClose={onClose} />}
    </Modal>
  );
}
