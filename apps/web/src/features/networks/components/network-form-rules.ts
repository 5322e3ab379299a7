import { isIPv4Cidr, isIPv6Cidr, isPrivateCidr, NETID_MAX_LENGTH, toNetId } from '@meshdeck/contracts';

/** Spec §5: letters, digits, space, underscore and hyphen. */
const NAME_CHARSET = /^[A-Za-z0-9 _-]+$/;

export interface CreateNetworkValues {
  name: string;
  isIpv4: boolean;
  addressRange: string;
  isIpv6: boolean;
  addressRange6: string;
  /** 'yes' = ALLOW, 'no' = DENY; empty until chosen would fail the required rule. */
  defaultAcl: 'yes' | 'no' | '';
}

/** Translation keys of the messages; the English texts are the spec's own (§5 "Create network"). */
export type NetworkFormMessage =
  | 'form.nameInvalid'
  | 'form.nameTooLong'
  | 'form.nameTaken'
  | 'form.ipv4Invalid'
  | 'form.ipv6Invalid'
  | 'form.familyRequired'
  | 'form.defaultAclRequired';

/** Name rules: required with the spec's charset, at most 32 characters once converted, not already used. */
export function validateNetworkName(name: string, existingIds: readonly string[]): NetworkFormMessage | null {
  if (name.trim() === '' || !NAME_CHARSET.test(name.trim())) return 'form.nameInvalid';
  const netId = toNetId(name);
  if (netId.length > NETID_MAX_LENGTH) return 'form.nameTooLong';
  if (existingIds.includes(netId)) return 'form.nameTaken';
  return null;
}

/** Every blocking rule of the form, per field; an empty object means the form may be sent. */
export function validateCreateNetwork(
  values: CreateNetworkValues,
  existingIds: readonly string[],
): Partial<Record<keyof CreateNetworkValues, NetworkFormMessage>> {
  const errors: Partial<Record<keyof CreateNetworkValues, NetworkFormMessage>> = {};
  const name = validateNetworkName(values.name, existingIds);
  if (name) errors.name = name;
  if (values.isIpv4 && !isIPv4Cidr(values.addressRange.trim())) errors.addressRange = 'form.ipv4Invalid';
  if (values.isIpv6 && !isIPv6Cidr(values.addressRange6.trim())) errors.addressRange6 = 'form.ipv6Invalid';
  // The server needs at least one range; say so on the switch rather than after a round trip.
  if (!values.isIpv4 && !values.isIpv6) errors.isIpv4 = 'form.familyRequired';
  if (values.defaultAcl === '') errors.defaultAcl = 'form.defaultAclRequired';
  return errors;
}

/** The non-blocking LAN warning: shown when a valid range overlaps a private block. */
export const isLanRange = (range: string, isValid: (text: string) => boolean): boolean =>
  isValid(range.trim()) && isPrivateCidr(range.trim());
