import { KEEPALIVE_MAX_SECONDS, type Network } from '@meshdeck/contracts';
import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesBlocker } from '@/components/ui/unsaved-changes-blocker.tsx';
import { describeError } from '@/lib/error-message.ts';
import { useUpdateNetwork } from '../api/update-network.ts';

type SettingsValues = Pick<
  Network,
  | 'defaultKeepalive'
  | 'defaultMtu'
  | 'defaultListenPort'
  | 'defaultAcl'
  | 'defaultUdpHolePunch'
  | 'defaultDns'
>;

const between = (min: number, max: number, message: string) => (value: number) =>
  Number.isInteger(value) && value >= min && value <= max ? null : message;

/**
 * The network's settings: id and ranges are fixed after creation (api-contract §5.2), so they are shown
 * read-only; the defaults the server lets us change are editable. "Update Network" appears only with changes.
 */
export function NetworkSettingsForm({ network }: { network: Network }) {
  const { t } = useTranslation('networks');
  const updateNetwork = useUpdateNetwork();
  const form = useForm<SettingsValues>({
    initialValues: {
      defaultKeepalive: network.defaultKeepalive,
      defaultMtu: network.defaultMtu,
      defaultListenPort: network.defaultListenPort,
      defaultAcl: network.defaultAcl,
      defaultUdpHolePunch: network.defaultUdpHolePunch,
      defaultDns: network.defaultDns,
    },
    validate: {
      defaultKeepalive: between(
        1,
        KEEPALIVE_MAX_SECONDS,
        t('info.keepaliveRange', { max: KEEPALIVE_MAX_SECONDS }),
      ),
      defaultMtu: between(576, 9000, t('info.mtuRange')),
      defaultListenPort: between(1, 65535, t('info.portRange')),
    },
  });

  const handleSubmit = (values: SettingsValues) => {
    updateNetwork.mutate(
      { ...network, ...values, defaultDns: values.defaultDns.trim() },
      {
        onSuccess: (saved) => {
          form.setInitialValues({ ...values, defaultDns: saved.defaultDns });
          form.reset();
          notifications.show({ color: 'green', message: t('info.saved', { netid: network.netId }) });
        },
        onError: (error) =>
          notifications.show({ color: 'red', title: t('info.saveFailed'), message: describeError(error) }),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <UnsavedChangesBlocker isDirty={form.isDirty()} />
      <Stack gap="md" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('info.name')} value={network.netId} readOnly disabled />
          <TextInput
            label={t('columns.ipv4')}
            value={network.isIpv4 ? network.addressRange : t('info.off')}
            readOnly
            disabled
          />
          <TextInput
            label={t('columns.ipv6')}
            value={network.isIpv6 ? network.addressRange6 : t('info.off')}
            readOnly
            disabled
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput
            label={t('info.keepalive')}
            min={1}
            max={KEEPALIVE_MAX_SECONDS}
            allowDecimal={false}
            {...form.getInputProps('defaultKeepalive')}
          />
          <NumberInput
            label={t('info.mtu')}
            min={576}
            max={9000}
            allowDecimal={false}
            {...form.getInputProps('defaultMtu')}
          />
          <NumberInput
            label={t('info.listenPort')}
            min={1}
            max={65535}
            allowDecimal={false}
            {...form.getInputProps('defaultListenPort')}
          />
        </SimpleGrid>
        <TextInput
          label={t('info.dns')}
          description={t('info.dnsHelp')}
          {...form.getInputProps('defaultDns')}
        />
        <Switch
          label={t('info.defaultAcl')}
          description={t('info.defaultAclHelp')}
          {...form.getInputProps('defaultAcl', { type: 'checkbox' })}
        />
        <Switch
          label={t('info.udpHolePunch')}
          description={t('info.udpHolePunchHelp')}
          {...form.getInputProps('defaultUdpHolePunch', { type: 'checkbox' })}
        />
        {form.isDirty() && (
          <Group>
            <Button type="submit" loading={updateNetwork.isPending}>
              {t('info.update')}
            </Button>
            <Button variant="default" onClick={() => form.reset()}>
              {t('info.discard')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
