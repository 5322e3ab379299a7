import {
  MAX_ROUTE_METRIC,
  createEgressInputSchema,
  createRelayInputSchema,
  inetNodeReqInputSchema,
  nodeParamsSchema,
} from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import { contractValidator, requestIssueField, requestSchema } from '@/lib/contract-form.ts';
import {
  egressBody,
  internetGatewayBody,
  nodeParams,
  relayBody,
  type EgressRange,
} from '../api/routing-mutations.ts';

/**
 * The three routing dialogs' rules: each checks the request its save sends (the node in the path with the
 * contract's `nodeParamsSchema`, the body with the route's own schema, as the server does) and shows the
 * dialog's words for the field the console labels. An issue the dialog has no field for is left to the server.
 */

export interface RelayFormValues {
  relayId: string;
  relayed: string[];
}

/**
 * createrelay. The contract accepts an empty relayed list (it releases every relayed node, as v0.30 does); the
 * dialog asks for one, since ending the relay is its own action (Remove relay).
 */
export const relayValidator = (t: TFunction<'routing'>, networkId: string) =>
  contractValidator<RelayFormValues>({
    schema: requestSchema({ params: nodeParamsSchema, body: createRelayInputSchema }),
    toWire: (values) => {
      const node = { network: networkId, id: values.relayId };
      return { params: nodeParams(node), body: relayBody(node, values.relayed) };
    },
    toFieldError: (issue) => {
      switch (requestIssueField(issue)) {
        case 'params.nodeid':
          return ['relayId', t('relays.relayRequired')];
        case 'body.relayaddrs':
          return ['relayed', t('relays.relayedRequired')];
        default:
          return null;
      }
    },
    extra: (values) => ({ relayed: values.relayed.length > 0 ? null : t('relays.relayedRequired') }),
  });

export interface InternetGatewayFormValues {
  gatewayId: string;
  clients: string[];
}

/** inet_gw (POST or PUT): the gateway node in the path, the nodes routed through it in the body. */
export const internetGatewayValidator = (t: TFunction<'routing'>, networkId: string) =>
  contractValidator<InternetGatewayFormValues>({
    schema: requestSchema({ params: nodeParamsSchema, body: inetNodeReqInputSchema }),
    toWire: (values) => ({
      params: nodeParams({ network: networkId, id: values.gatewayId }),
      body: internetGatewayBody(values.clients),
    }),
    toFieldError: (issue) =>
      requestIssueField(issue) === 'params.nodeid' ? ['gatewayId', t('inet.hostRequired')] : null,
  });

/** One range row of the egress dialog; the metric is '' while its field is empty. */
export interface RangeValue {
  network: string;
  metric: number | string;
}

export interface EgressFormValues {
  nodeId: string;
  nat: boolean;
  ranges: RangeValue[];
}

/** The rows as the request carries them: trimmed ranges, numeric metrics, the dialog's one NAT switch on each. */
export const toRanges = (ranges: readonly RangeValue[], nat: boolean): EgressRange[] =>
  ranges.map((range) => ({
    network: range.network.trim(),
    // An empty field is no number: the contract refuses it (a blank would otherwise read as 0).
    metric: range.metric === '' ? Number.NaN : Number(range.metric),
    nat,
  }));

/** creategateway: row i of the dialog is `ranges_with_metric[i]`; its range and metric get the row's message. */
export const egressValidator = (t: TFunction<'routing'>, networkId: string) =>
  contractValidator<EgressFormValues>({
    schema: requestSchema({ params: nodeParamsSchema, body: createEgressInputSchema }),
    toWire: (values) => {
      const node = { network: networkId, id: values.nodeId };
      return { params: nodeParams(node), body: egressBody(node, toRanges(values.ranges, values.nat)) };
    },
    toFieldError: (issue) => {
      if (requestIssueField(issue) === 'params.nodeid') return ['nodeId', t('egress.hostRequired')];
      if (requestIssueField(issue) !== 'body.ranges_with_metric') return null;
      const [, , index, field] = issue.path;
      if (typeof index !== 'number') return null;
      return field === 'route_metric'
        ? [`ranges.${index}.metric`, t('egress.metricInvalid', { max: MAX_ROUTE_METRIC })]
        : [`ranges.${index}.network`, t('egress.rangeInvalid')];
    },
  });
