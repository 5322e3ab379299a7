import {
  KEEPALIVE_MAX_SECONDS,
  toNetworkWire,
  updateNetworkInputSchema,
  type Network,
} from '@meshdeck/contracts';
import {
  Button,
  Fieldset,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { UnsavedChangesBlocker } from '@/components/ui/unsaved-changes-blocker.tsx';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { describeError } from '@/lib/error-message.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { useUpdateNetwork } from '../api/update-network.ts';

type SettingsValues = Pick<
  Network,
  | 'defaultKeepalive'
  | 'defaultMtu'
  | 'defaultListenPort'
  | 'defaultAcl'
  | 'defaultUdpHolePunch'
  | 'defaultDns'
  | 'internetFailMode'
>;

const NUMBER_FIELDS = {
  defaultkeepalive: 'defaultKeepalive',
  defaultmtu: 'defaultMtu',
  defaultlistenport: 'defaultListenPort',
} as const satisfies Record<string, keyof SettingsValues>;
const isNumberField = (field: string): field is keyof typeof NUMBER_FIELDS => field in NUMBER_FIELDS;

/**
 * The network's settings: id and ranges are fixed after creation (api-contract §5.2), so they are shown
 * read-only; the defaults the server lets us change are editable. "Update Network" appears only with changes.
 */
export function NetworkSettingsForm({ network }: { network: Network }) {
  const { t } = useTranslation('networks');
  const updateNetwork = useUpdateNetwork();
  // Changing a network's settings is a global write (PUT /api/networks/{id}): others see them read-only.
  const isAdmin = useIsPlatformAdmin();
  const rangeMessages = {
    defaultKeepalive: t('info.keepaliveRange', { max: KEEPALIVE_MAX_SECONDS }),
    defaultMtu: t('info.mtuRange'),
    defaultListenPort: t('info.portRange'),
  };
  const form = useForm<SettingsValues>({
    initialValues: {
      defaultKeepalive: network.defaultKeepalive,
      defaultMtu: network.defaultMtu,
      defaultListenPort: network.defaultListenPort,
      defaultAcl: network.defaultAcl,
      defaultUdpHolePunch: network.defaultUdpHolePunch,
      defaultDns: network.defaultDns,
      internetFailMode: network.internetFailMode,
    },
    validate: contractValidator<SettingsValues>({
      schema: updateNetworkInputSchema,
      // The server lower-cases body keys before validating (api-contract §1.4); so does the form.
      toWire: (values) =>
        Object.fromEntries(
          Object.entries(toNetworkWire({ ...network, ...values, defaultDns: values.defaultDns.trim() })).map(
            ([key, value]) => [key.toLowerCase(), value],
          ),
        ),
      toFieldError: (issue) => {
        const field = issueField(issue);
        if (isNumberField(field)) return [NUMBER_FIELDS[field], rangeMessages[NUMBER_FIELDS[field]]];
        return field === 'defaultdns' ? ['defaultDns', issue.message] : null;
      },
      // The contract reads an empty or zero number as "keep the stored value"; the form asks for a value.
      extra: (values) =>
        Object.fromEntries(
          Object.values(NUMBER_FIELDS).map((field) => [field, values[field] ? null : rangeMessages[field]]),
        ),
    }),
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
      <Fieldset variant="unstyled" disabled={!isAdmin}>
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
          <Input.Wrapper
            id="internet-fail-mode"
            label={t('info.internetFailMode')}
            description={t('info.internetFailModeHelp')}
          >
            <div>
              <SegmentedControl
                id="internet-fail-mode"
                mt={4}
                data={[
                  { value: 'closed', label: t('info.internetFailClosed') },
                  { value: 'open', label: t('info.internetFailOpen') },
                ]}
                {...form.getInputProps('internetFailMode')}
              />
            </div>
          </Input.Wrapper>
          {isAdmin && form.isDirty() && (
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
      </Fieldset>
    </form>
  );
}
