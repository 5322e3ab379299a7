import { isIpAddress, updateNodeInputSchema } from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { toGatewayUpdateBody } from '../api/gateway-mutations.ts';

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

const WIRE_FIELDS: Record<string, keyof GatewayFormValues> = {
  ingressdns: 'dns',
  ingressmtu: 'mtu',
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

/**
 * The gateway forms' rules: the contract's (updateNodeInputSchema, the same fields createingress takes) on the
 * body that would be sent, plus the rules the schema cannot know (a host chosen, DNS required for an internet
 * gateway, DNS and endpoints being IP addresses).
 */
export function gatewayValidator(t: TFunction<'remoteAccess'>, options: { needsHost: boolean }) {
  return contractValidator<GatewayFormValues>({
    schema: updateNodeInputSchema,
    toWire: (values) =>
      toGatewayUpdateBody({
        dns: values.dns,
        mtu: toNumber(values.mtu),
        keepalive: toNumber(values.keepalive),
        metadata: values.metadata,
        additionalEndpoints: values.additionalEndpoints,
      }),
    toFieldError: (issue) => {
      const field = WIRE_FIELDS[issueField(issue)];
      if (!field) return null;
      if (field === 'mtu') return [field, t('gatewayForm.mtuRange')];
      if (field === 'keepalive') return [field, t('gatewayForm.keepaliveRange')];
      return [field, issue.message];
    },
    extra: (values) => ({
      nodeId: options.needsHost && !values.nodeId ? t('gatewayForm.hostRequired') : null,
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
