import type { FormErrors } from '@mantine/form';

/** One problem a schema found: where (the wire path) and the contract's own message. */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  /** The bound a too_small issue names, so a translated text can quote the contract's own limit. */
  minimum?: number | bigint;
}

/** What the validator needs of a schema: zod's `safeParse`, so the contracts' schemas fit without zod here. */
export interface SafeParseSchema {
  safeParse: (
    data: unknown,
  ) => { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** A form field, or a field inside a list field (`ranges.0.network`), as `@mantine/form` keys its errors. */
export type FieldPath<Values> = (keyof Values & string) | `${keyof Values & string}.${string}`;

/** Places an issue on a form field with the text to show, or ignores it (null). */
export type IssueMapper<Values> = (
  issue: SchemaIssue,
  values: Values,
) => readonly [field: FieldPath<Values>, message: string] | null;

export interface ContractValidatorOptions<Values> {
  /** The contract schema the server validates the same request with. */
  schema: SafeParseSchema;
  /** The mapping the request itself uses, so the form checks exactly the body that would be sent. */
  toWire: (values: Values) => unknown;
  /** Wire path -> form field and displayed text: a translated spec message, or the contract's own message. */
  toFieldError: IssueMapper<Values>;
  /** Rules that need data the schema has not got (a name already taken); checked only where the schema passed. */
  extra?: (values: Values) => Partial<Record<keyof Values & string, string | null | undefined>>;
}

/**
 * A `@mantine/form` `validate` function backed by a contract schema: one schema on both sides, so the form
 * refuses what the server would refuse and never something it would accept. The first issue of a field wins.
 */
export function contractValidator<Values>({
  schema,
  toWire,
  toFieldError,
  extra,
}: ContractValidatorOptions<Values>): (values: Values) => FormErrors {
  return (values) => {
    const errors: FormErrors = {};
    const result = schema.safeParse(toWire(values));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const placed = toFieldError(issue, values);
        if (placed && errors[placed[0]] === undefined) errors[placed[0]] = placed[1];
      }
    }
    const extraErrors: Partial<Record<string, string | null | undefined>> = extra?.(values) ?? {};
    for (const [field, message] of Object.entries(extraErrors)) {
      if (message && errors[field] === undefined) errors[field] = message;
    }
    return errors;
  };
}

/** The first segment of an issue's path: the wire field it is about. */
export const issueField = (issue: SchemaIssue): string => String(issue.path[0] ?? '');

/**
 * One schema over a whole request: its path parameters and its body, each checked by the contract's own schema
 * (the route's `params` and `body`), so a form checks the node or network a request names in its path as the
 * server will. Issue paths start with the part: `['params', 'nodeid']`, `['body', 'relayaddrs', 0]`.
 */
export function requestSchema(parts: { params?: SafeParseSchema; body?: SafeParseSchema }): SafeParseSchema {
  return {
    safeParse: (data) => {
      const request = (data ?? {}) as { params?: unknown; body?: unknown };
      const issues: SchemaIssue[] = [];
      for (const part of ['params', 'body'] as const) {
        const result = parts[part]?.safeParse(request[part]);
        if (result && !result.success)
          issues.push(...result.error.issues.map((issue) => ({ ...issue, path: [part, ...issue.path] })));
      }
      return issues.length === 0 ? { success: true } : { success: false, error: { issues } };
    },
  };
}

/** Where an issue of a `requestSchema` is: its part and wire field, `['body', 'relayaddrs', 0]` -> `body.relayaddrs`. */
export const requestIssueField = (issue: SchemaIssue): string =>
  `${String(issue.path[0] ?? '')}.${String(issue.path[1] ?? '')}`;
