import { z } from 'zod';

/**
 * Length and size bounds of request fields. Every string and array a client sends has one, so a hostile body
 * can neither be stored as sent nor make a later read or serialisation fail (api-contract §5.7 rules stay the
 * stricter ones where it sets them).
 */
export const LIMITS = {
  /** UUIDs and other ids (36 characters) with room for the dashboard's placeholders. */
  id: 64,
  /** A hostname, up to a fully qualified one. */
  hostName: 253,
  /** An interface name: Linux allows 15, Windows friendly names are longer. */
  interfaceName: 128,
  /** An IP address or CIDR in text form (IPv6 with a zone and prefix fits). */
  address: 64,
  /** Agent version text such as `v0.30.0-rc1`. */
  version: 64,
  /** Free-form secrets (passwords, host passwords). */
  secret: 256,
  /** Base64 keys other than WireGuard keys (the agent's traffic key). */
  base64Key: 256,
  /** Keys of a wire set (tag ids such as `network.tag`). */
  setKey: 128,
  /** Items in a list a client sends (interfaces, networks, tags, addresses). */
  listItems: 512,
} as const;

// Line breaks, NUL and the other C0 control characters (tab aside) and DEL. Request fields end up in generated
// files (wg-quick configs, DNS, scripts) and in logs, where a line break starts a new directive or a new entry.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000a-\u001f\u007f\u2028\u2029]/;

/** Whether a text holds a line break or another control character that no request field may carry. */
export const hasControlCharacters = (value: string): boolean => CONTROL_CHARACTERS.test(value);

/**
 * A one-line string of at most `max` characters whose errors name the field. Every request string is one line:
 * no field may carry a line break into a generated file, so no route can forget the check.
 */
export const boundedString = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .max(max, `${field} must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), {
      error: `${field} must be one line without control characters`,
    });

/** A list of at most `max` items whose error names the field. */
export const boundedArray = <T extends z.ZodType>(field: string, item: T, max: number = LIMITS.listItems) =>
  z.array(item, { error: `${field} must be a list` }).max(max, `${field} must hold at most ${max} items`);

/** A wire set (`{"a": {}}`) a client sends: bounded keys and size. */
export const boundedWireSetSchema = (field: string) =>
  z
    .record(boundedString(`${field} key`, LIMITS.setKey), z.object({}).loose())
    .refine((set) => Object.keys(set).length <= LIMITS.listItems, {
      error: `${field} must hold at most ${LIMITS.listItems} items`,
    });
