import { Button, Card, Group, Select, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { LoadError } from '@/components/ui/load-error.tsx';
import { useAcls } from '@/features/access-control/access-control.public.ts';
import { useEnrollmentKeys } from '@/features/keys/keys.public.ts';
import { useMeshHealth } from '@/features/dashboard/dashboard.public.ts';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useClientCount, useGatewayCount } from './api/hello-reads.ts';
import {
  bothDone,
  doneCount,
  helloStepIds,
  stepFrom,
  type HelloStepId,
  type StepState,
} from './hello-steps.ts';
import classes from './hello-page.module.css';

/** Every step's state, each from the server's own answer about the chosen network. */
function useStepStates(networkId: string | undefined): Record<HelloStepId, StepState> {
  const networks = useNetworks();
  const keys = useEnrollmentKeys();
  const health = useMeshHealth();
  const acls = useAcls(networkId ?? '', networkId !== undefined);
  const gateways = useGatewayCount(networkId);
  const clients = useClientCount(networkId);
  const hasNetwork = networkId !== undefined;
  const ofNetwork = (data: NonNullable<typeof health.data>) =>
    data.networks.find((network) => network.network === networkId);
  const nodesOf = (data: NonNullable<typeof health.data>) =>
    Object.values(ofNetwork(data)?.nodes ?? {}).reduce((sum, count) => sum + count, 0);
  return {
    network: stepFrom(networks, (list) => list.length > 0),
    key: stepFrom(
      keys,
      (list) => list.some((key) => key.isValid && key.networks.includes(networkId ?? '')),
      hasNetwork,
    ),
    device: stepFrom(health, (data) => nodesOf(data) > 0, hasNetwork),
    online: stepFrom(health, (data) => (ofNetwork(data)?.nodes.healthy ?? 0) > 0, hasNetwork),
    mesh: stepFrom(
      health,
      (data) => {
        const pairs = ofNetwork(data)?.pairs;
        return pairs !== undefined && pairs.measured - pairs.unreachable - pairs.blocked > 0;
      },
      hasNetwork,
    ),
    laptop: bothDone(
      stepFrom(gateways, (count) => count > 0, hasNetwork),
      stepFrom(clients, (count) => count > 0, hasNetwork),
    ),
    policy: stepFrom(acls, (list) => list.some((acl) => !acl.default), hasNetwork),
  };
}

function StepIcon({ state, index }: { state: StepState; index: number }) {
  if (state.kind === 'done')
    return (
      <ThemeIcon radius="xl" size={32} color="green">
        <IconCheck size={18} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon radius="xl" size={32} variant="light" color="gray">
      {index + 1}
    </ThemeIcon>
  );
}

/**
 * /hello (spec §2 "getting started", issue 41): the first hour as a checklist that ticks itself from the server's
 * state: a network, a key, a device joined with the install command, online, measured by its peers, a laptop given
 * access, a policy. Each step not done offers the action that does it.
 */
export function HelloPage() {
  const { t } = useTranslation('hello');
  const { t: tPages } = useTranslation('pages');
  const networks = useNetworks();
  const activeNetwork = useSession((state) => state.activeNetwork);
  const setActiveNetwork = useSession((state) => state.setActiveNetwork);
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  const ids = (networks.data ?? []).map((network) => network.netId);
  const networkId = [activeNetwork, ids[0]].find(
    (id): id is string => id !== undefined && id !== null && ids.includes(id),
  );
  const states = useStepStates(networkId);
  const isChecking = helloStepIds.some((id) => states[id].kind === 'loading');

  const actions: Record<HelloStepId, ReactNode> = {
    network: <Button onClick={openCreateNetwork}>{t('actions.network')}</Button>,
    key: <ActionLink to={paths.keys()} label={t('actions.key')} />,
    device: <ActionLink to={paths.newHost()} label={t('actions.device')} />,
    online: networkId && <ActionLink to={paths.network(networkId)} label={t('actions.online')} />,
    mesh: networkId && <ActionLink to={paths.network(networkId, 'metrics')} label={t('actions.mesh')} />,
    laptop: networkId && (
      <ActionLink to={paths.network(networkId, 'remote-access')} label={t('actions.laptop')} />
    ),
    policy: networkId && (
      <ActionLink to={paths.network(networkId, 'access-control')} label={t('actions.policy')} />
    ),
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={tPages('hello.title')}
        description={tPages('hello.description')}
        icon={<PageIcon page="hello" />}
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} role="status">
          {isChecking
            ? t('checking')
            : t('progress', { done: doneCount(states), total: helloStepIds.length })}
        </Text>
        {ids.length > 1 && networkId && (
          <Select
            label={t('network')}
            data={ids}
            value={networkId}
            allowDeselect={false}
            onChange={(value) => value && setActiveNetwork(value)}
            w={240}
          />
        )}
      </Group>
      <Stack gap="sm" component="ol" className={classes.steps} aria-label={t('stepsLabel')}>
        {helloStepIds.map((id, index) => {
          const state = states[id];
          const needsNetwork = id !== 'network' && networkId === undefined;
          return (
            <Card
              key={id}
              withBorder
              padding="md"
              component="li"
              data-step={id}
              data-state={state.kind}
              aria-label={`${t(`steps.${id}.title`)}: ${t(`state.${state.kind}`)}`}
            >
              <Group align="flex-start" wrap="nowrap" gap="md">
                <StepIcon state={state} index={index} />
                <Stack gap={4} className={classes.body}>
                  <Title order={2} fz="md" td={state.kind === 'done' ? 'line-through' : undefined}>
                    {t(`steps.${id}.title`)}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {t(`steps.${id}.text`, { network: networkId ?? '' })}
                  </Text>
                  {state.kind === 'loading' && <span className={classes.skeleton} aria-hidden />}
                  {state.kind === 'error' && <LoadError error={state.error} onRetry={state.retry} />}
                  {state.kind === 'todo' &&
                    (needsNetwork ? (
                      <Text size="sm">{t('needsNetwork')}</Text>
                    ) : (
                      <Group mt={4}>{actions[id]}</Group>
                    ))}
                </Stack>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}

function ActionLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={Link} to={to} variant="light">
      {label}
    </Button>
  );
}
