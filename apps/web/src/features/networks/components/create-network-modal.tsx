import { randomIPv4Range } from '@meshdeck/contracts';
import { Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { describeError } from '@/lib/error-message.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useCreateNetwork, type CreateNetworkValues } from '../api/create-network.ts';
import { CreateNetworkForm } from './create-network-form.tsx';
import { createNetworkValidator } from './network-form-rules.ts';

/**
 * "Create a Network" (spec §5, §8): validates, sends, announces the result, then makes the network active and
 * opens its nodes page. Mounted only while open; closing with touched fields asks first.
 */
export function CreateNetworkModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('networks');
  const navigate = useNavigate();
  const networks = useNetworks().data;
  const createNetwork = useCreateNetwork();
  const existingIds = useMemo(() => (networks ?? []).map((network) => network.netId), [networks]);
  const rangesInUse = useMemo(
    () => (networks ?? []).flatMap((n) => [n.addressRange, n.addressRange6]).filter(Boolean),
    [networks],
  );
  // Drawn once per opening; the dice buttons draw again.
  const [initialRange] = useState(() => randomIPv4Range(rangesInUse) ?? '');
  const form = useForm<CreateNetworkValues>({
    initialValues: {
      name: '',
      isIpv4: true,
      addressRange: initialRange,
      isIpv6: false,
      addressRange6: '',
      defaultAcl: 'yes',
    },
    validate: createNetworkValidator(existingIds, (key) => t(key)),
  });
  const handleClose = useGuardedClose(form.isTouched, onClose);

  const handleSubmit = (values: CreateNetworkValues) => {
    createNetwork.mutate(values, {
      onSuccess: (network) => {
        notifications.show({ color: 'green', message: t('created', { netid: network.netId }) });
        useSession.getState().setActiveNetwork(network.netId);
        onClose();
        void navigate({ href: paths.network(network.netId) });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: t('createFailed'), message: describeError(error) }),
    });
  };

  return (
    <Modal opened onClose={handleClose} title={t('createTitle')} centered size="md">
      <CreateNetworkForm
        form={form}
        rangesInUse={rangesInUse}
        isPending={createNetwork.isPending}
        onSubmit={handleSubmit}
        onCancel={handleClose}
      />
    </Modal>
  );
}
