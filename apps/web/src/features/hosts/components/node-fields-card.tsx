import { useTranslation } from 'react-i18next';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import type { NodeView } from '@/lib/api/node-view.ts';
import { formatDate } from '@/lib/format.ts';
import { FieldsCard } from './fields-card.tsx';

/** The node's own settings in its network (features §3.9 "Device Network settings"). */
export function NodeFieldsCard({ node }: { node: NodeView }) {
  const { t } = useTranslation('devices');
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  return (
    <FieldsCard
      title={t('node.title')}
      fields={[
        { label: t('node.id'), value: node.id },
        { label: t('access.network'), value: node.network },
        { label: t('node.address'), value: node.address },
        { label: t('node.address6'), value: node.address6 },
        { label: t('node.localAddress'), value: node.localAddress },
        { label: t('node.egressRanges'), value: node.egressRanges.join(', ') },
        { label: t('node.connected'), value: yesNo(node.isConnected) },
        { label: t('node.dnsOn'), value: yesNo(node.isDnsOn) },
        {
          label: t('fields.status'),
          value: (
            <StatusBadge status={node.status} lastCheckIn={node.lastCheckIn} isConnected={node.isConnected} />
          ),
        },
        { label: t('node.metadata'), value: node.metadata },
        { label: t('node.lastCheckIn'), value: formatDate(node.lastCheckIn) },
        { label: t('node.expiresAt'), value: formatDate(node.expiresAt) },
        { label: t('node.lastModified'), value: formatDate(node.lastModified) },
      ]}
    />
  );
}
