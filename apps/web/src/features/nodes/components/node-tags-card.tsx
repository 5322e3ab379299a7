import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsProServer } from '@/features/routing/routing.public.ts';
import { useCanChangeInNetwork } from '@/lib/permissions.ts';
import { NodeTagsEditor } from './node-tags-editor.tsx';

export interface NodeTagsCardProps {
  nodeId: string;
  networkId: string;
  name: string;
  tags: readonly string[];
}

/** The node's tags on its details page, with adding and removing for those who may change tags (Pro). */
export function NodeTagsCard(props: NodeTagsCardProps) {
  const { t } = useTranslation('nodes');
  const isPro = useIsProServer();
  const canEdit = useCanChangeInNetwork(props.networkId, 'tag', 'update') && isPro;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={3} fz="md" mb="md">
        {t('tags.title')}
      </Title>
      <NodeTagsEditor {...props} canEdit={canEdit} />
    </Card>
  );
}
