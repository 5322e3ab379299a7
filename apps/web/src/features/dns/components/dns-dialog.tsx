import {
  dnsEntryInputSchema,
  dnsEntryProblem,
  isIPv4Address,
  isIPv6Address,
  type DnsEntryInput,
} from '@meshdeck/contracts';
import { Autocomplete, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useCreateDnsEntry } from '../api/dns.ts';

interface DnsValues {
  name: string;
  address: string;
}

/** The address goes in `address` or `address6` by its family, as the checklist's dialog classifies it (§3.19). */
export function toDnsBody(values: DnsValues): DnsEntryInput {
  const address = values.address.trim();
  return {
    name: values.name.trim(),
    ...(isIPv6Address(address) ? { address6: address } : { address }),
  };
}

const withoutPrefix = (cidr: string) => cidr.split('/')[0] ?? '';

function DnsForm({ networkId, onClose }: { networkId: string; onClose: () => void }) {
  const { t } = useTranslation('access');
  const { t: tCommon } = useTranslation('common');
  const { members } = useNetworkMembers(networkId);
  const create = useCreateDnsEntry(networkId);
  const network = useNetworks().data?.find((n) => n.netId === networkId);
  // A node's addresses as choices, grouped under its name; any other IP may be typed.
  const addressOptions = useMemo(
    () =>
      members
        .map((m) => ({
          group: m.name,
          items: [m.address, m.address6].filter((a) => a !== '').map(withoutPrefix),
        }))
        .filter((group) => group.items.length > 0),
    [members],
  );
  const form = useForm<DnsValues>({
    initialValues: { name: '', address: '' },
    validate: contractValidator<DnsValues>({
      schema: dnsEntryInputSchema,
      toWire: toDnsBody,
      toFieldError: (issue, values) => {
        const field = issueField(issue);
        if (field === 'name')
          return ['name', values.name.trim() === '' ? t('dns.nameRequired') : t('dns.nameRule')];
        if (field === 'address' || field === 'address6') return ['address', t('dns.addressRule')];
        return null;
      },
      extra: (values) => {
        const address = values.address.trim();
        if (!isIPv4Address(address) && !isIPv6Address(address)) return { address: t('dns.addressRule') };
        // The server's rules for a network's names (decision 048): under `.<network>`, inside its range.
        const problem = dnsEntryProblem(toDnsBody(values), {
          netid: networkId,
          addressrange: network?.addressRange ?? '',
          addressrange6: network?.addressRange6 ?? '',
        });
        if (problem?.field === 'name') return { name: t('dns.nameUnder', { network: networkId }) };
        if (problem && network)
          return {
            address: t('dns.addressInside', {
              ranges: [network.addressRange, network.addressRange6].filter(Boolean).join(', '),
            }),
          };
        return {};
      },
    }),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const handleSubmit = (values: DnsValues) =>
    create.mutate(toDnsBody(values), {
      onSuccess: () => {
        notifySuccess(t('dns.created', { name: values.name.trim() }));
        onClose();
      },
      onError: (error) => notifyFailure(t('dns.createFailed'), error),
    });
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('dns.name')}
          description={t('dns.nameHint', { network: networkId })}
          withAsterisk
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Autocomplete
          label={t('dns.address')}
          description={t('dns.addressHint')}
          withAsterisk
          data={addressOptions}
          limit={50}
          key={form.key('address')}
          {...form.getInputProps('address')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('dns.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create DNS Entry (checklist §3.19): a name and the address it aliases, a node's picked from the list. */
export function DnsDialog({
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
    <Modal opened={opened} onClose={onClose} title={t('dns.createTitle')} centered>
      {opened && <DnsForm networkId={networkId} onClose={onClose} />}
    </Modal>
  );
}
