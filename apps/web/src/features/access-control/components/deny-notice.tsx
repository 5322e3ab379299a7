import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isNothingAllowed, useAcls } from '@/features/access-control/api/access-queries.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { paths } from '@/lib/paths.ts';

export interface DenyNoticeProps {
  networkId: string;
  /** On the access-control page: opens Add Policy there. Elsewhere the button links to that page. */
  onAddPolicy?: () => void;
}

function DenyAlert({ networkId, onAddPolicy }: DenyNoticeProps) {
  const { t } = useTranslation('access');
  const navigate = useNavigate();
  const goToAdd = () => void navigate({ href: paths.network(networkId, 'access-control', { add: true }) });
  return (
    <Alert color="orange" icon={<IconLock size={18} />} title={t('deny.title')} role="status">
      <Group justify="space-between" gap="sm">
        <Text fz="sm">{t('deny.message')}</Text>
        {onAddPolicy ? (
          <Button size="xs" onClick={onAddPolicy}>
            {t('deny.addFirst')}
          </Button>
        ) : (
          <Button size="xs" onClick={goToAdd}>
            {t('deny.addFirst')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/**
 * A network whose default access is DENY allows nothing until a policy says so (decision 033): its nodes and
 * access-control pages say that, and offer the first policy (issue 32). Its strings are a lazy chunk, so it
 * renders nothing until they arrive rather than holding the page back.
 */
export function DenyNotice(props: DenyNoticeProps) {
  const network = useNetworks().data?.find((item) => item.netId === props.networkId);
  const isDeny = network !== undefined && !network.defaultAcl;
  const acls = useAcls(props.networkId, isDeny);
  if (!isDeny || !acls.data || !isNothingAllowed(acls.data)) return null;
  return (
    <Suspense fallback={null}>
      <DenyAlert {...props} />
    </Suspense>
  );
}
