import { Alert, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '@/components/ui/centered-loader.tsx';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { describeError } from '@/lib/error-message.ts';
import { useAclDebug } from '../api/get-acl-debug.ts';

export interface WhyDialogProps {
  opened: boolean;
  networkId: string;
  onClose: () => void;
}

/** How many matching nodes a picker lists at once: a network may have thousands. */
const PICKER_LIMIT = 100;

/**
 * "Why?" (issue 32, the policy debug route): pick two nodes, see what each may open toward the other and what
 * decides it: a matrix cell that overrides every policy, or the enabled policies matching the pair.
 */
function WhyForm({ networkId }: { networkId: string }) {
  const { t } = useTranslation('access');
  const { members } = useNetworkMembers(networkId);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const answer = useAclDebug(networkId, from, to);
  const nodes = members.map((m) => ({ value: m.id, label: m.name }));
  const nameOf = (id: string | null) => members.find((m) => m.id === id)?.name ?? id ?? '';
  const verdict = (a: string | null, b: string | null, rules: string[]) => {
    const names = { from: nameOf(a), to: nameOf(b) };
    if (rules.length === 0) return t('why.blocked', names);
    if (rules.includes('all')) return t('why.opensAll', names);
    return t('why.opens', { ...names, rules: rules.join(', ') });
  };
  const data = answer.data;

  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        {t('why.pick')}
      </Text>
      <Group grow align="flex-start">
        <Select
          label={t('why.from')}
          searchable
          limit={PICKER_LIMIT}
          data={nodes}
          value={from}
          onChange={setFrom}
        />
        <Select
          label={t('why.to')}
          searchable
          limit={PICKER_LIMIT}
          data={nodes}
          value={to}
          onChange={setTo}
        />
      </Group>
      {from !== null && from === to && <Text fz="sm">{t('why.same')}</Text>}
      {answer.isFetching && !data && <CenteredLoader fullHeight={false} />}
      {answer.error && (
        <Alert color="red" title={t('why.failed')}>
          {describeError(answer.error)}
        </Alert>
      )}
      {data && from !== to && (
        <Stack gap="xs" role="region" aria-label={t('why.title')}>
          <Text fw={500} c={data.flows.node_to_peer.length > 0 ? 'green' : 'red'}>
            {verdict(from, to, data.flows.node_to_peer)}
          </Text>
          <Text fw={500} c={data.flows.peer_to_node.length > 0 ? 'green' : 'red'}>
            {verdict(to, from, data.flows.peer_to_node)}
          </Text>
          {data.flows.matrix !== 0 && (
            <Alert color={data.flows.matrix === 1 ? 'red' : 'green'}>
              {t(data.flows.matrix === 1 ? 'why.matrixDeny' : 'why.matrixAllow')}
            </Alert>
          )}
          {data.flows.matrix === 0 &&
            (data.Policies.length === 0 ? (
              <Text fz="sm">{t('why.noPolicies')}</Text>
            ) : (
              <>
                <Text fz="sm" fw={500}>
                  {t('why.policies')}
                </Text>
                <List size="sm">
                  {data.Policies.map((policy) => (
                    <List.Item key={policy.id}>{policy.name}</List.Item>
                  ))}
                </List>
              </>
            ))}
          <Text fz="xs" c="dimmed">
            {t(data.NodeAllPolicy ? 'why.allNodesOn' : 'why.allNodesOff')}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

export function WhyDialog({ opened, networkId, onClose }: WhyDialogProps) {
  const { t } = useTranslation('access');
  return (
    <Modal opened={opened} onClose={onClose} title={t('why.title')} size="lg" centered>
      {opened && <WhyForm networkId={networkId} />}
    </Modal>
  );
}
