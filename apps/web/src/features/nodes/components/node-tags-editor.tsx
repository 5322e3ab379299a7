import type { TagListItem, UpdateTagInput } from '@meshdeck/contracts';
import { Alert, Badge, Button, CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImpactPanel } from '@/features/access-control/access-control.public.ts';
import { useImpactReview } from '@/features/access-control/access-control.public.ts';
import { useTags } from '@/features/access-control/access-control.public.ts';
import { isAutomaticTag, previewTag, tagMembersWith, useUpdateTag } from '@/features/tags/tags.public.ts';
import { tagLabel } from '@/lib/tag-label.ts';
import { describeError } from '@/lib/error-message.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';

export interface NodeTagsEditorProps {
  nodeId: string;
  networkId: string;
  /** The host's name, for messages. */
  name: string;
  /** The node's tag ids. */
  tags: readonly string[];
  /** Offers adding and removing (a viewer sees the tags only). */
  canEdit: boolean;
  onDone?: () => void;
}

interface PendingChange {
  body: UpdateTagInput;
  tag: TagListItem;
  isAdding: boolean;
}

/**
 * A node's tags, and (for those who may) adding or removing one through the tags API: the change is first
 * previewed, so what it does to who reaches whom shows before it is applied, as everywhere in access control.
 */
export function NodeTagsEditor({ nodeId, networkId, name, tags, canEdit, onDone }: NodeTagsEditorProps) {
  const { t } = useTranslation('nodes');
  const list = useTags(networkId, canEdit);
  const review = useImpactReview(previewTag);
  const update = useUpdateTag(networkId);
  const [pending, setPending] = useState<PendingChange>();
  const byId = new Map((list.data ?? []).map((tag) => [tag.id, tag]));
  const addable = (list.data ?? []).filter(
    (tag) => !tags.includes(tag.id) && !isAutomaticTag(tag.id, networkId),
  );

  const propose = (tag: TagListItem | undefined, isAdding: boolean) => {
    if (!tag) return;
    const body = tagMembersWith(tag, nodeId, isAdding);
    setPending({ body, tag, isAdding });
    review.review(body);
  };
  const cancel = () => {
    setPending(undefined);
    review.reset();
  };
  const apply = () => {
    if (!pending) return;
    const values = { tag: pending.tag.tag_name, name };
    update.mutate(pending.body, {
      onSuccess: () => {
        notifySuccess(t(pending.isAdding ? 'tags.added' : 'tags.removed', values));
        cancel();
        onDone?.();
      },
      onError: (error) => notifyFailure(t('tags.failed'), error),
    });
  };

  return (
    <Stack gap="xs">
      <Group gap="xs" aria-label={t('tags.title')} role="list">
        {tags.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('tags.none')}
          </Text>
        )}
        {tags.map((id) => {
          const label = tagLabel(id, networkId);
          const isRemovable = canEdit && !pending && byId.has(id) && !isAutomaticTag(id, networkId);
          return (
            <Badge
              key={id}
              role="listitem"
              variant="light"
              color="gray"
              tt="none"
              rightSection={
                isRemovable ? (
                  <CloseButton
                    size="xs"
                    aria-label={t('tags.remove', { tag: label })}
                    onClick={() => propose(byId.get(id), false)}
                  />
                ) : undefined
              }
            >
              {label}
            </Badge>
          );
        })}
      </Group>
      {canEdit && !pending && addable.length > 0 && (
        <Select
          aria-label={t('tags.add')}
          placeholder={t('tags.add')}
          searchable
          maw={320}
          value={null}
          data={addable.map((tag) => ({ value: tag.id, label: tag.tag_name }))}
          onChange={(id) => propose(id ? byId.get(id) : undefined, true)}
        />
      )}
      {pending && (
        <Stack gap="xs">
          <Text size="sm">
            {t(pending.isAdding ? 'tags.confirmAdd' : 'tags.confirmRemove', {
              tag: pending.tag.tag_name,
              name,
            })}
          </Text>
          {review.error && <Alert color="red">{describeError(review.error)}</Alert>}
          {review.impact && <ImpactPanel impact={review.impact} />}
          <Group gap="xs">
            <Button
              size="xs"
              loading={review.isPending || update.isPending}
              disabled={!review.canSave}
              onClick={apply}
            >
              {t('tags.apply')}
            </Button>
            <Button size="xs" variant="default" onClick={cancel}>
              {t('tags.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
