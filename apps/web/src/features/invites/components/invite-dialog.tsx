import { inviteEmailSchema, splitInviteEmails, type PeopleInvite } from '@meshdeck/contracts';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groupName } from '@/lib/group-name.ts';
import { NetworkRolesField } from '@/features/roles/roles.public.ts';
import { platformRoleLabel } from '@/features/roles/roles.public.ts';
import { useGroups, useRoles } from '@/lib/api/people-queries.ts';
import { describeError } from '@/lib/error-message.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { assignablePlatformRoles } from '@/lib/people-rules.ts';
import { useSession } from '@/lib/session.ts';
import { useInviteUsers } from '../api/invite-mutations.ts';
import { InvitesList } from './invites-list.tsx';

/**
 * Invite users (features §3.22): step one takes the emails and what the new users get; step two lists the
 * created invites with their links to copy, since email delivery is optional on a self-hosted server.
 */
export function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('people');
  const callerRoleId = useSession((state) => state.user?.platformRoleId ?? '');
  const platformRoles = useRoles('platform', opened);
  const networkRoles = useRoles('network', opened);
  const groups = useGroups(opened);
  const { data: networks } = useNetworks();
  const invite = useInviteUsers();
  const [created, setCreated] = useState<PeopleInvite[]>();

  const form = useForm({
    // Platform user: the least a colleague who will use the console needs (a service user cannot sign in to it).
    initialValues: {
      emails: '',
      platformRoleId: 'platform-user',
      groupIds: [] as string[],
      networkRoles: {},
    },
    validate: {
      emails: (value) => {
        const emails = splitInviteEmails(value);
        if (emails.length === 0) return t('invites.emailsRequired');
        const bad = emails.filter((email) => !inviteEmailSchema.safeParse(email).success);
        return bad.length > 0 ? t('invites.emailsInvalid', { emails: bad.join(', ') }) : null;
      },
    },
  });

  const roleOptions = assignablePlatformRoles(
    callerRoleId,
    (platformRoles.data ?? []).map((role) => role.id),
  ).map((id) => ({
    value: id,
    label: platformRoleLabel(t, id, platformRoles.data?.find((role) => role.id === id)?.name),
  }));

  const chosenRole = platformRoles.data?.find((role) => role.id === form.values.platformRoleId);
  const isConsoleDenied = chosenRole !== undefined && !chosenRole.canUseDashboard;

  const handleClose = () => {
    form.reset();
    invite.reset();
    setCreated(undefined);
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    invite.mutate(
      {
        emails: splitInviteEmails(values.emails),
        platformRoleId: values.platformRoleId,
        groupIds: values.groupIds,
        networkRoles: values.networkRoles,
      },
      { onSuccess: setCreated },
    );
  });

  return (
    <Modal opened={opened} onClose={handleClose} title={t('invites.dialogTitle')} size="lg">
      {created ? (
        <Stack>
          <Text size="sm">{t('invites.createdExplain', { count: created.length })}</Text>
          <InvitesList invites={created} />
          <Group justify="flex-end">
            <Button onClick={handleClose}>{t('actions.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            {invite.isError && <Alert color="red">{describeError(invite.error)}</Alert>}
            <Textarea
              label={t('invites.emails')}
              description={t('invites.emailsHint')}
              required
              rows={3}
              {...form.getInputProps('emails')}
            />
            <Select
              label={t('form.platformRole')}
              data={roleOptions}
              allowDeselect={false}
              {...form.getInputProps('platformRoleId')}
            />
            {isConsoleDenied && (
              <Alert color="yellow" title={t('invites.noConsoleTitle')}>
                {t('invites.noConsole', { role: platformRoleLabel(t, chosenRole.id, chosenRole.name) })}
              </Alert>
            )}
            <MultiSelect
              label={t('form.groups')}
              data={(groups.data ?? []).map((group) => ({ value: group.id, label: groupName(t, group) }))}
              searchable
              clearable
              {...form.getInputProps('groupIds')}
            />
            <Text size="sm" fw={500}>
              {t('networkRoles.title')}
            </Text>
            <NetworkRolesField
              networkIds={(networks ?? []).map((network) => network.netId)}
              roles={networkRoles.data ?? []}
              value={form.values.networkRoles}
              onChange={(value) => form.setFieldValue('networkRoles', value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={handleClose}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('invites.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
