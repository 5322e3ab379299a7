import type { z } from 'zod';

export interface FieldMessages {
  tooShort?: string;
  tooLong?: string;
  invalid: string;
}

/**
 * Runs one contract schema on one form value and answers a translated message: the rule stays the contract's
 * (the server checks the same schema) while the words stay the console's, in the user's language.
 */
export function checkField(schema: z.ZodType, value: unknown, messages: FieldMessages): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const code = result.error.issues[0]?.code;
  if (code === 'too_small' && messages.tooShort) return messages.tooShort;
  if (code === 'too_big' && messages.tooLong) return messages.tooLong;
  return messages.invalid;
}
