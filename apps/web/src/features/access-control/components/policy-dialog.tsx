import type { Acl } from '@meshdeck/contracts';
import { ACL_SERVICES, type AclService } from '@meshdeck/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ImpactPanel } from '@/features/access-control/components/impact-panel.tsx';
import { useImpactReview } from '@/features/access-control/components/use-impact-review.ts';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { describeError } from '@/lib/error-message.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { previewPolicies, useSavePolicy, type PolicyBody } from '../api/acl-mutations.ts';
import {
  newPolicyValues,
  policyToValues,
  policyValidator,
  toPolicyBody,
  type PolicyFormValues,
} from './policy-form-rules.ts';
import { usePolicyOptions, type PolicyType } from './policy-options.ts';

export interface PolicyDialogProps {
  opened: boolean;
  networkId: string;
  isPro: boolean;
  /** The policy to edit; none adds one. */
  policy?: Acl;
  onClose: () => void;
}

const SERVICES = Object.keys(ACL_SERVICES) as AclService[];
/** How many matching choices a picker lists at once: a network may have thousands of nodes. */
const PICKER_LIMIT = 100;

function PolicyForm({ networkId, isPro, policy, onClose }: Omit<PolicyDialogProps, 'opened'>) {
  const { t } = useTranslation('access');
  const { t: tCommon } = useTranslation('common');
  const review = useImpactReview((body: PolicyBody) =>
    previewPolicies(
      body.id
        ? { network_id: networkId, update: [{ ...body, id: body.id }] }
        : { network_id: networkId, create: [body] },
    ),
  );
  const form = useForm<PolicyFormValues>({
    mode: 'controlled',
    initialValues: policy ? policyToValues(policy) : newPolicyValues(),
    validate: policyValidator(t, networkId),
    // Any edit makes the previous impact stale: it must be asked again before saving.
    onValuesChange: () => review.reset(),
  });
  const options = usePolicyOptions(networkId, isPro, policy);
  const save = useSavePolicy(networkId);
  const close = useGuardedClose(form.isTouched, onClose);
  const values = form.getValues();

  const handleSubmit = (submitted: PolicyFormValues) => {
    const body = toPolicyBody(submitted, networkId, policy);
    if (!review.impact) return review.review(body);
    save.mutate(body, {
      onSuccess: () => {
        notifySuccess(t(policy ? 'policies.updated' : 'policies.created', { name: submitted.name.trim() }));
        onClose();
      },
      onError: (error) => notifyFailure(t('policies.saveFailed'), error),
    });
  };

  const setType = (type: string) => {
    form.setFieldValue('policyType', type as PolicyType);
    form.setFieldValue('sources', []);
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        {isPro && !policy && (
          <SegmentedControl
            aria-label={t('policyForm.policyFor')}
            data={[
              { value: 'device-policy', label: t('types.device-policy') },
              { value: 'user-policy', label: t('types.user-policy') },
            ]}
            value={values.policyType}
            onChange={setType}
          />
        )}
        <TextInput
          label={t('policyForm.name')}
          withAsterisk
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <MultiSelect
          label={t('policyForm.sources')}
          withAsterisk
          searchable
          limit={PICKER_LIMIT}
          data={options.sources(values.policyType)}
          nothingFoundMessage={t('policyForm.nothingFound')}
          key={form.key('sources')}
          {...form.getInputProps('sources')}
        />
        <MultiSelect
          label={t('policyForm.destinations')}
          withAsterisk
          searchable
          limit={PICKER_LIMIT}
          data={options.destinations}
          nothingFoundMessage={t('policyForm.nothingFound')}
          key={form.key('destinations')}
          {...form.getInputProps('destinations')}
        />
        <Select
          label={t('policyForm.service')}
          data={SERVICES.map((service) => ({ value: service, label: t(`services.${service}`) }))}
          allowDeselect={false}
          key={form.key('service')}
          {...form.getInputProps('service')}
        />
        {values.service === 'Custom' && (
          <Group grow align="flex-start">
            <Select
              label={t('policyForm.protocol')}
              data={['tcp', 'udp']}
              allowDeselect={false}
              key={form.key('protocol')}
              {...form.getInputProps('protocol')}
            />
            <TagsInput
              label={t('policyForm.ports')}
              description={t('policyForm.portsHint')}
              key={form.key('ports')}
              {...form.getInputProps('ports')}
            />
          </Group>
        )}
        {isPro && (
          <Switch
            label={t('policyForm.twoWay')}
            description={t('policyForm.twoWayHint')}
            key={form.key('isTwoWay')}
            {...form.getInputProps('isTwoWay', { type: 'checkbox' })}
          />
        )}
        <Switch
          label={t('policyForm.enabled')}
          key={form.key('isEnabled')}
          {...form.getInputProps('isEnabled', { type: 'checkbox' })}
        />
        {review.error && <Alert color="red">{describeError(review.error)}</Alert>}
        {review.impact && <ImpactPanel impact={review.impact} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button
            type="submit"
            loading={review.isPending || save.isPending}
            disabled={review.impact !== undefined && !review.canSave}
          >
            {review.impact ? t('policyForm.save') : t('policyForm.review')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Add / Edit Policy (checklist §3.16), with the impact of the change shown before it can be saved. */
export function PolicyDialog(props: PolicyDialogProps) {
  const { t } = useTranslation('access');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.policy ? t('policyForm.editTitle', { name: props.policy.name }) : t('policyForm.addTitle')}
      size="lg"
      centered
    >
      {props.opened && <PolicyForm key={props.policy?.id ?? 'new'} {...props} />}
    </Modal>
  );
}
