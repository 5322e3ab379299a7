import { createIngressInputSchema, isIpAddress, updateNodeInputSchema } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { toCreateIngressBody, toGatewayUpdateBody } from '../api/gateway-mutations.ts';

/** The fields of the add / update gateway forms. */
export interface GatewayFormValues {
  nodeId: string;
  dns: string;
  mtu: number | string;
  keepalive: number | string;
  metadata: string;
  isInternetGateway: boolean;
  additionalEndpoints: string[];
}

export const GATEWAY_DEFAULTS = { mtu: 1420, keepalive: 20 } as const;

/** Wire fields of both bodies (createingress and the node update) -> the form field. */
const WIRE_FIELDS: Record<string, keyof GatewayFormValues> = {
  extclientdns: 'dns',
  ingressdns: 'dns',
  mtu: 'mtu',
  ingressmtu: 'mtu',
  persistentkeepalive: 'keepalive',
  ingresspersistentkeepalive: 'keepalive',
  metadata: 'metadata',
  additional_rag_ips: 'additionalEndpoints',
};

/** Empty number inputs arrive as '' and would be sent as 0: they read as NaN so the schema refuses them. */
export const toNumber = (value: number | string) => (value === '' ? Number.NaN : Number(value));

/** A comma list of DNS servers: every entry must be an IP address (the server writes them into `DNS =`). */
export const dnsEntries = (dns: string) =>
  dns
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const settingsOf = (values: GatewayFormValues) => ({
  dns: values.dns,
  mtu: toNumber(values.mtu),
  keepalive: toNumber(values.keepalive),
  metadata: values.metadata,
  isInternetGateway: values.isInternetGateway,
  additionalEndpoints: values.additionalEndpoints,
});

/**
 * The gateway forms' rules: the contract's on the body that would be sent (createIngressInputSchema when a
 * gateway is made, updateNodeInputSchema when one is edited), plus the rules the schemas cannot know (a host
 * chosen, DNS required for an internet gateway, endpoints being IP addresses).
 */
export function gatewayValidator(t: TFunction<'remoteAccess'>, options: { isCreate: boolean }) {
  return contractValidator<GatewayFormValues>({
    schema: options.isCreate ? createIngressInputSchema : updateNodeInputSchema,
    toWire: (values) =>
      options.isCreate ? toCreateIngressBody(settingsOf(values)) : toGatewayUpdateBody(settingsOf(values)),
    toFieldError: (issue) => {
      const field = WIRE_FIELDS[issueField(issue)];
      if (!field) return null;
      if (field === 'mtu') return [field, t('gatewayForm.mtuRange')];
      if (field === 'keepalive') return [field, t('gatewayForm.keepaliveRange')];
      if (field === 'dns') return [field, t('gatewayForm.dnsInvalid')];
      return [field, issue.message];
    },
    extra: (values) => ({
      nodeId: options.isCreate && !values.nodeId ? t('gatewayForm.hostRequired') : null,
      dns:
        values.isInternetGateway && dnsEntries(values.dns).length === 0
          ? t('gatewayForm.dnsRequired')
          : dnsEntries(values.dns).some((entry) => !isIpAddress(entry))
            ? t('gatewayForm.dnsInvalid')
            : null,
      additionalEndpoints: values.additionalEndpoints.some((entry) => !isIpAddress(entry.trim()))
        ? t('gatewayForm.endpointInvalid')
        : null,
    }),
  });
}
