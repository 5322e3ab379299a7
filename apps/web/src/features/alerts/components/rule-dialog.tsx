import {
  ALERT_DEFAULT_COOLDOWN_SECONDS,
  ALERT_DEFAULT_FOR_SECONDS,
  alertKinds,
  alertRuleInputSchema,
  type AlertKind,
  type AlertRule,
  type AlertRuleInput,
  type AlertRuleWithSecret,
} from '@meshdeck/contracts';
import { Button, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '@/components/ui/unsaved-changes.ts';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import { useCreateAlertRule, useUpdateAlertRule } from '../api/alerts.ts';

export interface RuleValues {
  name: string;
  kind: AlertKind;
  enabled: boolean;
  node_id: string;
  latency_ms: number | string;
  for_seconds: number | string;
  cooldown_seconds: number | string;
  webhook_url: string;
  /** Addresses separated by commas or spaces. */
  email_to: string;
}

const FIELDS = [
  'name',
  'kind',
  'node_id',
  'latency_ms',
  'for_seconds',
  'cooldown_seconds',
  'webhook_url',
  'email_to',
] as const;

const numberOf = (value: number | string): number => (typeof value === 'number' ? value : Number.NaN);

/** The request a form would send: the same body the contract validates on both sides. */
export function toRuleBody(values: RuleValues): AlertRuleInput {
  return {
    name: values.name.trim(),
    kind: values.kind,
    enabled: values.enabled,
    node_id: values.node_id,
    latency_ms: values.kind === 'latency_high' ? numberOf(values.latency_ms) : null,
    for_seconds: numberOf(values.for_seconds),
    cooldown_seconds: numberOf(values.cooldown_seconds),
    webhook_url: values.webhook_url.trim(),
    email_to: values.email_to.split(/[\s,;]+/).filter((address) => address !== ''),
  };
}

const valuesOf = (rule: AlertRule | undefined): RuleValues =>
  rule
    ? {
        name: rule.name,
        kind: rule.kind,
        enabled: rule.enabled,
        node_id: rule.node_id,
        latency_ms: rule.latency_ms ?? 300,
        for_seconds: rule.for_seconds,
        cooldown_seconds: rule.cooldown_seconds,
        webhook_url: rule.webhook_url,
        email_to: rule.email_to.join(', '),
      }
    : {
        name: '',
        kind: 'node_offline',
        enabled: true,
        node_id: '',
        latency_ms: 300,
        for_seconds: ALERT_DEFAULT_FOR_SECONDS.node_offline,
        cooldown_seconds: ALERT_DEFAULT_COOLDOWN_SECONDS,
        webhook_url: '',
        email_to: '',
      };

interface RuleFormProps {
  networkId: string;
  rule: AlertRule | undefined;
  onClose: () => void;
  /** After a create: the new rule with its secret, to show once. */
  onCreated: (rule: AlertRuleWithSecret) => void;
}

function RuleForm({ networkId, rule, onClose, onCreated }: RuleFormProps) {
  const { t } = useTranslation('alerts');
  const { t: tCommon } = useTranslation('common');
  const { members } = useNetworkMembers(networkId);
  const create = useCreateAlertRule(networkId);
  const update = useUpdateAlertRule(networkId);
  const form = useForm<RuleValues>({
    initialValues: valuesOf(rule),
    validate: contractValidator<RuleValues>({
      schema: alertRuleInputSchema,
      toWire: toRuleBody,
      toFieldError: (issue) => {
        const field = issueField(issue);
        const known = FIELDS.find((name) => name === field);
        // The contract's own sentence names the field; the form shows it under that field.
        return known ? [known, issue.message] : null;
      },
    }),
  });
  const close = useGuardedClose(form.isTouched, onClose);
  const kind = form.getValues().kind;
  const handleSubmit = (values: RuleValues) => {
    const body = toRuleBody(values);
    if (rule)
      update.mutate(
        { id: rule.id, body },
        {
          onSuccess: () => {
            notifySuccess(t('saved', { name: body.name }));
            onClose();
          },
          onError: (error) => notifyFailure(t('saveFailed'), error),
        },
      );
    else
      create.mutate(body, {
        onSuccess: (created) => {
          notifySuccess(t('created', { name: body.name }));
          onCreated(created);
          onClose();
        },
        onError: (error) => notifyFailure(t('saveFailed'), error),
      });
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack>
        <TextInput
          label={t('form.name')}
          withAsterisk
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('form.kind')}
          data={alertKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          allowDeselect={false}
          key={form.key('kind')}
          {...form.getInputProps('kind')}
          onChange={(value) => {
            if (!value) return;
            form.setFieldValue('kind', value as AlertKind);
            // A new kind proposes its usual hold unless the admin already chose one.
            if (!form.isDirty('for_seconds'))
              form.setFieldValue('for_seconds', ALERT_DEFAULT_FOR_SECONDS[value as AlertKind]);
          }}
          description={t(`kindHints.${kind}`)}
        />
        {kind === 'latency_high' && (
          <NumberInput
            label={t('form.latency')}
            suffix=" ms"
            min={1}
            withAsterisk
            key={form.key('latency_ms')}
            {...form.getInputProps('latency_ms')}
          />
        )}
        <Select
          label={t('form.node')}
          description={t('form.nodeHint')}
          data={[
            { value: '', label: t('allNodes') },
            ...members.map((member) => ({ value: member.id, label: member.name })),
          ]}
          searchable
          allowDeselect={false}
          key={form.key('node_id')}
          {...form.getInputProps('node_id')}
        />
        <Group grow align="flex-start">
          <NumberInput
            label={t('form.for')}
            description={t('form.forHint')}
            suffix=" s"
            min={0}
            key={form.key('for_seconds')}
            {...form.getInputProps('for_seconds')}
          />
          <NumberInput
            label={t('form.cooldown')}
            description={t('form.cooldownHint')}
            suffix=" s"
            min={0}
            key={form.key('cooldown_seconds')}
            {...form.getInputProps('cooldown_seconds')}
          />
        </Group>
        <TextInput
          label={t('form.webhook')}
          description={t('form.webhookHint')}
          placeholder={t('form.webhookExample')}
          key={form.key('webhook_url')}
          {...form.getInputProps('webhook_url')}
        />
        <TextInput
          label={t('form.email')}
          description={t('form.emailHint')}
          placeholder={t('form.emailExample')}
          key={form.key('email_to')}
          {...form.getInputProps('email_to')}
        />
        <Switch
          label={t('form.enabled')}
          key={form.key('enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {tCommon('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {rule ? t('save') : t('create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create or edit an alert rule; the form is validated with the contract's schema. */
export function RuleDialog({
  opened,
  ...props
}: RuleFormProps & {
  opened: boolean;
}) {
  const { t } = useTranslation('alerts');
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title={props.rule ? t('editTitle', { name: props.rule.name }) : t('createTitle')}
      centered
      size="lg"
    >
      {opened && <RuleForm {...props} />}
    </Modal>
  );
}
