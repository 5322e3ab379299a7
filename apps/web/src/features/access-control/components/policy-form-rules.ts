import { ACL_SERVICES, aclInputSchema, type Acl, type AclService } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { decodeRef, encodeRef, type PolicyType } from './policy-options.ts';
import type { PolicyBody } from '../api/acl-mutations.ts';

/** The checklist's rule-name limit (§4): shorter than the server's 128, so names fit the table. */
export const POLICY_NAME_MAX = 30;

export interface PolicyFormValues {
  policyType: PolicyType;
  name: string;
  sources: string[];
  destinations: string[];
  service: AclService;
  protocol: 'tcp' | 'udp';
  ports: string[];
  isTwoWay: boolean;
  isEnabled: boolean;
}

export const newPolicyValues = (): PolicyFormValues => ({
  policyType: 'device-policy',
  name: '',
  sources: [],
  destinations: [],
  service: 'Any',
  protocol: 'tcp',
  ports: [],
  isTwoWay: true,
  isEnabled: true,
});

const isService = (value: string): value is AclService => value in ACL_SERVICES;

/** A stored policy as form values. */
export const policyToValues = (acl: Acl): PolicyFormValues => ({
  policyType: acl.policy_type === 'user-policy' ? 'user-policy' : 'device-policy',
  name: acl.name,
  sources: acl.src_type.map(encodeRef),
  destinations: acl.dst_type.map(encodeRef),
  service: isService(acl.type) ? acl.type : 'Custom',
  protocol: acl.protocol === 'udp' ? 'udp' : 'tcp',
  ports: acl.ports,
  isTwoWay: acl.allowed_traffic_direction !== 0,
  isEnabled: acl.enabled,
});

/** The POST / PUT body of api-contract §3.7; a custom service sends its protocol and ports. */
export function toPolicyBody(values: PolicyFormValues, networkId: string, acl?: Acl): PolicyBody {
  const isCustom = values.service === 'Custom';
  const name = values.name.trim();
  return {
    ...(acl ? { id: acl.id, name: acl.name, new_name: name === acl.name ? undefined : name } : { name }),
    network_id: networkId,
    policy_type: values.policyType,
    src_type: values.sources.map(decodeRef),
    dst_type: values.destinations.map(decodeRef),
    allowed_traffic_direction: values.isTwoWay ? 1 : 0,
    enabled: values.isEnabled,
    type: values.service,
    protocol: isCustom ? values.protocol : ACL_SERVICES[values.service]?.protocol,
    ports: isCustom ? values.ports : [...(ACL_SERVICES[values.service]?.ports ?? [])],
  };
}

const FIELDS: Record<string, keyof PolicyFormValues> = {
  name: 'name',
  src_type: 'sources',
  dst_type: 'destinations',
  ports: 'ports',
  protocol: 'protocol',
};

/** The form's rules: the contract's schema on the body that would be sent, plus the checklist's name length. */
export const policyValidator = (t: TFunction<'access'>, networkId: string) =>
  contractValidator<PolicyFormValues>({
    schema: aclInputSchema,
    toWire: (values) => toPolicyBody(values, networkId),
    toFieldError: (issue) => {
      const field = FIELDS[issueField(issue)];
      if (!field) return null;
      if (field === 'name') return ['name', t('policyForm.nameRequired')];
      if (field === 'sources') return ['sources', t('policyForm.sourcesRequired')];
      if (field === 'destinations') return ['destinations', t('policyForm.destinationsRequired')];
      return [field, issue.message];
    },
    extra: (values) => ({
      name:
        values.name.trim().length > POLICY_NAME_MAX
          ? t('policyForm.nameTooLong', { max: POLICY_NAME_MAX })
          : null,
      ports: values.service === 'Custom' && values.ports.length === 0 ? t('policyForm.portsRequired') : null,
    }),
  });
