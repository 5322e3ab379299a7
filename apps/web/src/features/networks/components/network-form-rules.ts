import {
  createNetworkInputSchema,
  isIPv4Cidr,
  isIPv6Cidr,
  isPrivateCidr,
  toNetId,
} from '@meshdeck/contracts';
import { contractValidator, issueField } from '@/lib/contract-form.ts';
import { toCreateNetworkBody, type CreateNetworkValues } from '../api/create-network.ts';

/** Translation keys of the messages; the English texts are the spec's own (§5 "Create network"). */
export type NetworkFormMessage =
  | 'form.nameInvalid'
  | 'form.nameTooLong'
  | 'form.nameTaken'
  | 'form.ipv4Invalid'
  | 'form.ipv6Invalid'
  | 'form.familyRequired'
  | 'form.defaultAclRequired';

/**
 * The form's rules are the contract's (createNetworkInputSchema, on the body the request would send), shown
 * with the spec's texts. The spec's name charset (letters, digits, space, _ and -) is exactly what becomes a
 * valid netid once trimmed, spaces turned to hyphens and lower-cased. Only "already taken" (it needs the list)
 * and "choose an ACL" (the contract defaults it) are checked here.
 */
export function createNetworkValidator(
  existingIds: readonly string[],
  translate: (key: NetworkFormMessage) => string,
) {
  return contractValidator<CreateNetworkValues>({
    schema: createNetworkInputSchema,
    toWire: toCreateNetworkBody,
    toFieldError: (issue, values) => {
      const field = issueField(issue);
      if (field === 'netid')
        return ['name', translate(issue.code === 'too_big' ? 'form.nameTooLong' : 'form.nameInvalid')];
      // With both families off the contract asks for a range: say so on the switch.
      if (!values.isIpv4 && !values.isIpv6) return ['isIpv4', translate('form.familyRequired')];
      // A well-formed range the contract still refuses (/31, /32, /127, /128) gets the contract's own reason.
      if (field === 'addressrange')
        return [
          'addressRange',
          isIPv4Cidr(values.addressRange.trim()) ? issue.message : translate('form.ipv4Invalid'),
        ];
      if (field === 'addressrange6')
        return [
          'addressRange6',
          isIPv6Cidr(values.addressRange6.trim()) ? issue.message : translate('form.ipv6Invalid'),
        ];
      return null;
    },
    extra: (values) => ({
      name: existingIds.includes(toNetId(values.name)) ? translate('form.nameTaken') : null,
      defaultAcl: values.defaultAcl === '' ? translate('form.defaultAclRequired') : null,
    }),
  });
}

/** The non-blocking LAN warning: shown when a valid range overlaps a private block. */
export const isLanRange = (range: string, isValid: (text: string) => boolean): boolean =>
  isValid(range.trim()) && isPrivateCidr(range.trim());
