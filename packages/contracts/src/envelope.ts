import { z } from 'zod';

/** The contract's error body: capitalised keys, HTTP status repeated in Code (api-contract §1.5). */
export const errorEnvelopeSchema = z.object({
  Code: z.number().int(),
  Message: z.string(),
  Response: z.null(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** The contract's success envelope used by newer routes: `{Code, Message, Response}`. */
export const envelopeSchema = <T extends z.ZodType>(payload: T) =>
  z.object({ Code: z.number().int(), Message: z.string(), Response: payload });

/** The contract's zero time value for unset timestamps (api-contract §1.6). */
export const ZERO_TIME = '0001-01-01T00:00:00Z';
/** The all-zero identifier used as an empty id placeholder (spec §3 "Other"). */
export const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/** Wire flags are "yes"/"no" strings; the console works with booleans. */
export const yesNoSchema = z.enum(['yes', 'no']);
export type YesNo = z.infer<typeof yesNoSchema>;
export const toYesNo = (value: boolean): YesNo => (value ? 'yes' : 'no');
export const fromYesNo = (value: string | undefined): boolean => value === 'yes';

/** Sets travel as objects whose values are empty objects: `{"a": {}}` (api-contract §1.6). */
export const wireSetSchema = z.record(z.string(), z.object({}).loose());
export type WireSet = z.infer<typeof wireSetSchema>;
export const toWireSet = (items: Iterable<string>): WireSet =>
  Object.fromEntries([...items].map((item) => [item, {}]));
export const fromWireSet = (set: WireSet | null | undefined): string[] => Object.keys(set ?? {});
