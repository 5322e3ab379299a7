import {
  CLIENT_ID_MESSAGES,
  POST_SCRIPT_MAX_LENGTH,
  cidrsOverlap,
  customExtClientInputSchema,
  isCidr,
  isIpAddress,
} from '@meshdeck/contracts';
import type { TFunction } from 'i18next';
import { contractValidator, issueField, type SchemaIssue } from '@/lib/contract-form.ts';
import { toClientBody, type ClientEdit } from '../api/ext-client-mutations.ts';
import { dnsEntries } from './gateway-form-rules.ts';

/** The fields of the create / edit client dialog. */
export interface ClientFormValues extends ClientEdit {
  /** The gateway node, or a Linux node the dialog promotes to gateway first. */
  gatewayId: string;
  /** Settings of the promotion (only when the chosen node is not a gateway yet). */
  gatewayDns: string;
  isInternetGateway: boolean;
}

/** The contract's client-id messages are the spec's (console-spec §5): shown translated. */
const CLIENT_ID_KEYS = {
  [CLIENT_ID_MESSAGES.spaces]: 'clientForm.idSpaces',
  [CLIENT_ID_MESSAGES.length]: 'clientForm.idLength',
  [CLIENT_ID_MESSAGES.charset]: 'clientForm.idCharacters',
} as const;

function placeIssue(
  t: TFunction<'remoteAccess'>,
  issue: SchemaIssue,
  values: ClientFormValues,
): readonly [keyof ClientFormValues, string] | null {
  switch (issueField(issue)) {
    case 'clientid': {
      const key = CLIENT_ID_KEYS[issue.message as keyof typeof CLIENT_ID_KEYS] as
        (typeof CLIENT_ID_KEYS)[keyof typeof CLIENT_ID_KEYS] | undefined;
      return ['clientId', key ? t(key) : issue.message];
    }
    case 'publickey':
      return ['publicKey', t('clientForm.publicKeyInvalid')];
    case 'dns':
      return ['dns', t('gatewayForm.dnsInvalid')];
    case 'extraallowedips': {
      const value = values.extraAllowedIps[Number(issue.path[1])] ?? '';
      return ['extraAllowedIps', t('clientForm.routeInvalid', { value })];
    }
    case 'postup':
      return ['postUp', t('clientForm.scriptTooLong', { max: POST_SCRIPT_MAX_LENGTH })];
    case 'postdown':
      return ['postDown', t('clientForm.scriptTooLong', { max: POST_SCRIPT_MAX_LENGTH })];
    default:
      return null;
  }
}

/**
 * The dialog's rules: the contract's (customExtClientInputSchema on the body the save sends, with the spec's
 * client-id texts), then what the schema cannot know: a gateway chosen, extra routes outside the network's
 * ranges, and the DNS of a host being promoted.
 */
export function clientValidator(
  t: TFunction<'remoteAccess'>,
  options: { networkRanges: readonly string[]; isPromoting: (values: ClientFormValues) => boolean },
) {
  return contractValidator<ClientFormValues>({
    schema: customExtClientInputSchema,
    toWire: (values) => toClientBody(values, true),
    toFieldError: (issue, values) => placeIssue(t, issue, values),
    extra: (values) => {
      const overlapping = values.extraAllowedIps
        .map((entry) => entry.trim())
        .find((entry) => isCidr(entry) && options.networkRanges.some((range) => cidrsOverlap(entry, range)));
      const gatewayDns = dnsEntries(values.gatewayDns);
      return {
        gatewayId: values.gatewayId ? null : t('clientForm.gatewayRequired'),
        extraAllowedIps: overlapping ? t('clientForm.routeOverlaps', { value: overlapping }) : null,
        gatewayDns: !options.isPromoting(values)
          ? null
          : values.isInternetGateway && gatewayDns.length === 0
            ? t('gatewayForm.dnsRequired')
            : gatewayDns.some((entry) => !isIpAddress(entry))
              ? t('gatewayForm.dnsInvalid')
              : null,
      };
    },
  });
}
