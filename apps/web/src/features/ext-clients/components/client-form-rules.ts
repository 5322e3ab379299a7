import { cidrsOverlap, isCidr, isIpAddress } from '@meshdeck/contracts';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import type { ClientEdit } from '../api/ext-client-mutations.ts';
import { dnsEntries } from './gateway-form-rules.ts';

/** The fields of the create / edit client dialog. */
export interface ClientFormValues extends ClientEdit {
  /** The gateway node, or a Linux node the dialog promotes to gateway first. */
  gatewayId: string;
  /** Settings of the promotion (only when the chosen node is not a gateway yet). */
  gatewayDns: string;
  isInternetGateway: boolean;
}

export const SCRIPT_MAX_LENGTH = 1024;

/** A WireGuard key: 32 bytes in base64 (44 characters, one padding sign). */
const WIREGUARD_KEY = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The client id rules of spec §5 with the spec's own texts (empty is allowed: the server picks a name), then
 * the server's character set (api-contract §5.7).
 */
export function clientIdError(t: TFunction<'remoteAccess'>, clientId: string): string | null {
  const id = clientId.trim();
  if (id === '') return null;
  if (/\s/.test(clientId)) return t('clientForm.idSpaces');
  if (id.length < 5 || id.length > 32) return t('clientForm.idLength');
  if (!/^[a-zA-Z0-9-]+$/.test(id)) return t('clientForm.idCharacters');
  return null;
}

/** The dialog's rules; `networkRanges` are the network's CIDRs, which extra routes must not overlap. */
export function clientValidator(
  t: TFunction<'remoteAccess'>,
  options: { networkRanges: readonly string[]; isPromoting: (values: ClientFormValues) => boolean },
) {
  return (values: ClientFormValues): FormErrors => {
    const errors: FormErrors = {};
    const set = (field: keyof ClientFormValues, message: string | null) => {
      if (message && errors[field] === undefined) errors[field] = message;
    };
    set('gatewayId', values.gatewayId ? null : t('clientForm.gatewayRequired'));
    set('clientId', clientIdError(t, values.clientId));
    set(
      'publicKey',
      values.publicKey.trim() && !WIREGUARD_KEY.test(values.publicKey.trim())
        ? t('clientForm.publicKeyInvalid')
        : null,
    );
    const dns = dnsEntries(values.dns);
    set('dns', dns.some((entry) => !isIpAddress(entry)) ? t('gatewayForm.dnsInvalid') : null);
    const routes = values.extraAllowedIps.map((entry) => entry.trim());
    const notCidr = routes.find((entry) => !isCidr(entry));
    set('extraAllowedIps', notCidr ? t('clientForm.routeInvalid', { value: notCidr }) : null);
    const overlapping = routes.find((entry) =>
      options.networkRanges.some((range) => isCidr(entry) && cidrsOverlap(entry, range)),
    );
    set('extraAllowedIps', overlapping ? t('clientForm.routeOverlaps', { value: overlapping }) : null);
    set(
      'postUp',
      values.postUp.length > SCRIPT_MAX_LENGTH
        ? t('clientForm.scriptTooLong', { max: SCRIPT_MAX_LENGTH })
        : null,
    );
    set(
      'postDown',
      values.postDown.length > SCRIPT_MAX_LENGTH
        ? t('clientForm.scriptTooLong', { max: SCRIPT_MAX_LENGTH })
        : null,
    );
    if (options.isPromoting(values)) {
      const gatewayDns = dnsEntries(values.gatewayDns);
      set(
        'gatewayDns',
        values.isInternetGateway && gatewayDns.length === 0
          ? t('gatewayForm.dnsRequired')
          : gatewayDns.some((entry) => !isIpAddress(entry))
            ? t('gatewayForm.dnsInvalid')
            : null,
      );
    }
    return errors;
  };
}
