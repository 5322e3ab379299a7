import { createTagInputSchema, updateTagInputSchema, type TagListItem } from '@meshdeck/contracts';
import { Alert, Button, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ImpactPanel } from '@/features/access-control/access-control.public.ts';
import { useImpactReview } from '@/features/access-control/access-control.public.ts';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { describeError } from '@/lib/error-message.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { previewTag, useUpdateTag } from '@/features/tags/api/tag-members.ts';
import { useCreateTag } from '../api/tag-mutations.ts';

/** The checklist's console limit (features §3.18: 3 to 50 characters); the contract allows up to TAG_NAME_MAX. */
export const TAG_NAME_CONSOLE_MAX = 50;

interface TagValues {
  name: string;
  members: string[];
}

/**
 * The body the dialog sends: POST /api/v1/tags for a new tag, PUT with `new_name` when an edit renames it.
 * The form checks this same body with the contract's schema.
 */
function tagBody(networkId: string, tag: TagListItem | undefined, values: TagValues) {
  const name = values.name.trim();
  const taggedNodes = values.members.map((id) => ({ id }));
  if (!tag) return { tag_name: name, network: networkId, tagged_nodes: taggedNodes };
  return {
    id: tag.id,
    tag_name: tag.tag_name,
    network: networkId,
    tagged_nodes: taggedNodes,
    ...(name !== tag.tag_name ? { new_name: name } : {}),
  };
}

/**
 * The name rule is the contract's (createTagInputSchema / updateTagInputSchema: at least 3 characters of letters,
 * digits, dashes and spaces), plus the console's 50-character limit; either shows the dialog's one name message.
 */
const tagValidator = (t: TFunction<'access'>, networkId: string, tag: TagListItem | undefined) =>
  contractValidator<TagValues>({
    schema: tag ? updateTagInputSchema : createTagInputSchema,
    toWire: (values) => tagBody(networkId, tag, values),
    toFieldError: (issue) =>
      ['tag_name', 'new_name'].includes(issueField(issue)) ? ['name', t('tags.nameRule')] : null,
    extra: (values) => ({
      name: values.name.trim().length > TAG_NAME_CONSOLE_MAX ? t('tags.nameRule') : null,
    }),
  });

export interface TagDialogProps {
  opened: boolean;
  networkId: string;
  /** The tag to edit (members and name); none creates one. */
  tag?: TagListItem;
  onClose: () => void;
}

function TagForm({ networkId, tag, onClose }: Omit<TagDialogProps, 'opened'>) {
  const { t } = useTranslation('access');
  const { t: tCommon } = useTranslation('common');
  const { members } = useNetworkMembers(networkId);
  const options = useMemo(() => {
    const items = members.map((m) => ({ value: m.id, label: m.name }));
    // Members the lean list does not hold (remote-access clients) stay choosable under their own name.
    const known = new Set(items.map((i) => i.value));
    for (const node of tag?.tagged_nodes ?? [])
      if (!known.has(node.id)) items.push({ value: node.id, label: node.id });
    return items;
  }, [members, tag]);
  const review = useImpactReview(previewTag);
  const create = useCreateTag(networkId);
  const update = useUpdateTag(networkId);
  const form = useForm<TagValues>({
    mode: 'controlled',
    initialValues: { name: tag?.tag_name ?? '', members: (tag?.tagged_nodes ?? []).map((n) => n.id) },
    validate: tagValidator(t, networkId, tag),
    onValuesChange: () => review.reset(),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const done = (key: 'tags.created' | 'tags.updated', name: string) => ({
    onSuccess: () => {
      notifySuccess(t(key, { name }));
      onClose();
    },
    onError: (error: unknown) => notifyFailure(t('tags.saveFailed'), error),
  });

  const handleSubmit = (values: TagValues) => {
    const name = values.name.trim();
    const body = tagBody(networkId, tag, values);
    // A new tag is named by nothing yet, so creating it changes nobody's access: no impact to show.
    if (!('id' in body)) return create.mutate(body, done('tags.created', name));
    if (!review.impact) return review.review(body);
    update.mutate(body, done('tags.updated', name));
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('tags.name')}
          description={t('tags.nameHint')}
          withAsterisk
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <MultiSelect
          label={t('tags.members')}
          searchable
          limit={100}
          data={options}
          key={form.key('members')}
          {...form.getInputProps('members')}
        />
        {review.error && <Alert color="red">{describeError(review.error)}</Alert>}
        {review.impact && <ImpactPanel impact={review.impact} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button
            type="submit"
            loading={review.isPending || create.isPending || update.isPending}
            disabled={review.impact !== undefined && !review.canSave}
          >
            {!tag ? t('tags.create') : review.impact ? t('tags.save') : t('tags.review')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create Tag and Edit Tag (checklist §3.18), with rename, which the reference cannot do. */
export function TagDialog(props: TagDialogProps) {
  const { t } = useTranslation('access');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.tag ? t('tags.editTitle', { name: props.tag.tag_name }) : t('tags.createTitle')}
      centered
    >
      {props.opened && <TagForm key={props.tag?.id ?? 'new'} {...props} />}
    </Modal>
  );
}
