import type { EnrollmentKeyItem } from '@meshdeck/contracts';
import { Button, Group, Modal, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRelayOptions } from '@/features/keys/components/use-relay-options.ts';
import { useUpdateEnrollmentKey } from '@/features/keys/api/enrollment-key-mutations.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';

/** Edits what the server lets change on a key: its relay and host tags (api-contract §2.6). */
function EditKeyForm({ keyItem, onClose }: { keyItem: EnrollmentKeyItem; onClose: () => void }) {
  const { t } = useTranslation('keys');
  const [relay, setRelay] = useState(keyItem.relayNodeId ?? '');
  const [groups, setGroups] = useState(keyItem.groups);
  const relays = useRelayOptions(keyItem.networks);
  const updateKey = useUpdateEnrollmentKey();

  const handleSave = () =>
    updateKey.mutate(
      { key: keyItem, relay, groups },
      {
        onSuccess: () => {
          notifySuccess(t('updated', { name: keyItem.name }));
          onClose();
        },
        onError: (error) => notifyFailure(t('updateFailed'), error),
      },
    );

  return (
    <Stack>
      <TextInput label={t('form.name')} value={keyItem.name} disabled />
      <Select
        label={t('form.relay')}
        description={t('form.relayHint')}
        data={relays}
        clearable
        value={relay || null}
        onChange={(value) => setRelay(value ?? '')}
        nothingFoundMessage={t('form.noRelays')}
      />
      <TagsInput
        label={t('form.groups')}
        description={t('form.groupsHint')}
        value={groups}
        onChange={setGroups}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={handleSave} loading={updateKey.isPending}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}

export function EditKeyDialog({
  keyItem,
  onClose,
}: {
  keyItem: EnrollmentKeyItem | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('keys');
  return (
    <Modal opened={keyItem !== undefined} onClose={onClose} title={t('editTitle')} centered>
      {keyItem && <EditKeyForm key={keyItem.value} keyItem={keyItem} onClose={onClose} />}
    </Modal>
  );
}
