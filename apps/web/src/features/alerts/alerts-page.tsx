import type { AlertRule } from '@meshdeck/contracts';
import { Group, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkListFrame } from '@/components/layout/network-list-frame.tsx';
import { useDeleteConfirmation } from '@/components/ui/use-delete-confirmation.tsx';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { formatAgo } from '@/lib/format.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { patchSearch } from '@/lib/patch-search.ts';
import { useCanManageNetwork } from '@/lib/permissions.ts';
import {
  useAlertOverview,
  useAlertRules,
  useDeleteAlertRule,
  useRotateAlertSecret,
  useTestAlertRule,
} from './api/alerts.ts';
import { AlertsTable } from './components/alerts-table.tsx';
import { RuleDialog } from './components/rule-dialog.tsx';
import { RulesTable } from './components/rules-table.tsx';
import { SecretDialog } from './components/secret-dialog.tsx';

const routeApi = getRouteApi('/_layout/networks/$networkId/alerts');

/**
 * /networks/{id}/alerts (issue 41, decision 055): the network's alert rules (create, edit, delete, send a test,
 * rotate the signing secret), the alerts firing now and the history. Live through the change stream.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const setSearch = (patch: typeof search) => void navigate({ search: patchSearch(patch), replace: true });
  const canManage = useCanManageNetwork(networkId);
  const rules = useAlertRules(networkId);
  const overview = useAlertOverview(networkId);
  const { members } = useNetworkMembers(networkId);
  const names = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const nodeName = useCallback((id: string) => names.get(id) ?? id, [names]);
  const [editing, setEditing] = useState<AlertRule | 'new' | undefined>();
  const [secret, setSecret] = useState<{ value: string; name: string } | undefined>();
  const remove = useDeleteAlertRule(networkId);
  const rotate = useRotateAlertSecret(networkId);
  const test = useTestAlertRule(networkId);
  const { onDelete, dialog } = useDeleteConfirmation<AlertRule>({
    remove: (rule, callbacks) => remove.mutate(rule.id, callbacks),
    isPending: remove.isPending,
    nameOf: (rule) => rule.name,
    title: t('deleteTitle'),
    confirmLabel: t('delete'),
    message: (name) => t('deleteMessage', { name }),
    deleted: (name) => t('deleted', { name }),
    failed: t('deleteFailed'),
  });
  const actions = useMemo(
    () =>
      canManage
        ? {
            onEdit: (rule: AlertRule) => setEditing(rule),
            onDelete,
            onRotate: (rule: AlertRule) =>
              rotate.mutate(rule.id, {
                onSuccess: (rotated) => setSecret({ value: rotated.secret, name: rotated.name }),
                onError: (error) => notifyFailure(t('rotateFailed'), error),
              }),
            onTest: (rule: AlertRule) =>
              test.mutate(rule.id, {
                onSuccess: ({ deliveries }) => {
                  const failed = deliveries.filter((d) => !d.ok);
                  if (failed.length === 0) notifySuccess(t('testSent', { name: rule.name }));
                  else
                    notifyFailure(
                      t('testFailed', { name: rule.name }),
                      new Error(failed.map((d) => `${d.target}: ${d.error}`).join('; ')),
                    );
                },
                onError: (error) => notifyFailure(t('testFailed', { name: rule.name }), error),
              }),
          }
        : undefined,
    [canManage, onDelete, rotate, test, t],
  );
  const evaluatedAt = overview.data?.evaluated_at ?? '';
  return (
    <NetworkListFrame
      page="alerts"
      networkId={networkId}
      addLabel={t('add')}
      onAdd={canManage ? () => setEditing('new') : undefined}
      searchLabel={t('search')}
      search={search.search}
      onSearch={(value) => setSearch({ search: value })}
    >
      <Title order={4}>{t('rulesTitle')}</Title>
      <RulesTable
        rows={rules.data ?? []}
        query={rules}
        search={search.search ?? ''}
        nodeName={nodeName}
        actions={actions}
      />
      <Group justify="space-between">
        <Title order={4}>{t('firingTitle')}</Title>
        {evaluatedAt !== '' && (
          <Text fz="sm" c="dimmed">
            {t('evaluated', { ago: formatAgo(evaluatedAt) })}
          </Text>
        )}
      </Group>
      <AlertsTable
        rows={overview.data?.firing ?? []}
        query={overview}
        search={search.search ?? ''}
        label={t('firingTitle')}
        empty={t('noneFiring')}
      />
      <Title order={4}>{t('historyTitle')}</Title>
      <AlertsTable
        rows={overview.data?.history ?? []}
        query={overview}
        search={search.search ?? ''}
        label={t('historyTitle')}
        empty={t('noHistory')}
      />
      <RuleDialog
        opened={editing !== undefined}
        networkId={networkId}
        rule={editing === 'new' ? undefined : editing}
        onClose={() => setEditing(undefined)}
        onCreated={(created) => setSecret({ value: created.secret, name: created.name })}
      />
      <SecretDialog
        secret={secret?.value}
        ruleName={secret?.name ?? ''}
        onClose={() => setSecret(undefined)}
      />
      {dialog}
    </NetworkListFrame>
  );
}
