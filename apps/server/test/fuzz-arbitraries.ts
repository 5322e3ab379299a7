import fc from 'fast-check';

/** The parts of an OpenAPI (JSON Schema) node the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

export interface FuzzBody {
  contentType: string | undefined;
  text: string;
}

/** Nested arrays `depth` deep, built as text: the JSON parser accepts it, a recursive walk would not survive. */
const deeplyNested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Strings an attacker tries: empty, oversized, control characters, traversal, injection, unicode. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '../../etc/passwd',
    "' OR 1=1 --",
    '__proto__',
    'constructor',
    '%00',
    '😀'.repeat(40),
    'a'.repeat(70_000),
  ),
  // Near the body limit and valid base64: a field decoded as bytes gets 600,000 of them.
  fc.constant('A'.repeat(800_000)),
  fc.uuid().map(String),
  fc.integer().map(String),
);

/** Any JSON value of a type the field probably does not expect, including out-of-range numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    -(2 ** 31) - 1,
    Number.MAX_SAFE_INTEGER,
    1e300,
    -1e300,
    [],
    {},
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.constant(Array.from({ length: 600 }, () => 'x')),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

const firstType = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** Values shaped like the schema (right type, sometimes right range), so requests get past the first check. */
export function plausible(schema: JsonSchema, known: string[], depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((c) => plausible(c, known, depth)));
  switch (firstType(schema)) {
    case 'string':
      return schema.format === 'uuid'
        ? fc.oneof(fc.uuid().map(String), fc.constantFrom(...known))
        : fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...known));
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 40)),
        max: Math.min(schema.maximum ?? 100_000, 2 ** 40),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(plausible(schema.items ?? {}, known, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : fuzzObject(schema, known, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** An object with each known property absent, plausible or hostile, and sometimes an unknown extra key. */
export function fuzzObject(
  schema: JsonSchema,
  known: string[],
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const shape = Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([key, inner]) => [
      key,
      fc.oneof(
        { weight: 3, arbitrary: plausible(inner, known, depth) },
        { weight: 1, arbitrary: hostileValue },
      ),
    ]),
  );
  return fc
    .tuple(
      fc.record(shape, { requiredKeys: [] }),
      fc.option(fc.tuple(fc.string({ maxLength: 10 }), hostileValue), { nil: undefined }),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
}

/**
 * Values tried, one field at a time, in every field of every valid template: each class of input that once got
 * through validation and broke a later read (oversized base64, out-of-range numbers, NUL, wrong types).
 */
export const FIELD_ATTACKS: readonly unknown[] = [
  'A'.repeat(800_000),
  'a'.repeat(70_000),
  '\u0000',
  -1,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  null,
  {},
  Array.from({ length: 600 }, () => 'x'),
  true,
];

/** A valid body with one field removed or replaced by a hostile value: finds what a single bad field does. */
export function mutateOneField(
  template: Record<string, unknown>,
  schema: JsonSchema | undefined,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...new Set([...Object.keys(template), ...Object.keys(schema?.properties ?? {})])];
  return fc
    .tuple(fc.constantFrom(...keys), fc.option(hostileValue, { nil: undefined, freq: 8 }))
    .map(([key, value]) => {
      const body = { ...template };
      if (value === undefined) delete body[key];
      else body[key] = value;
      return body;
    });
}

/**
 * A request body: a valid template with one bad field, schema-shaped JSON, any JSON, broken JSON, over-deep JSON
 * or a wrong content type.
 */
export function fuzzBody(
  schema: JsonSchema | undefined,
  known: string[],
  template?: Record<string, unknown>,
): fc.Arbitrary<FuzzBody | undefined> {
  const json = (value: unknown): FuzzBody => ({
    contentType: 'application/json',
    text: JSON.stringify(value),
  });
  return fc.oneof(
    {
      weight: template ? 8 : 0,
      arbitrary: template ? mutateOneField(template, schema).map(json) : fc.constant(undefined),
    },
    {
      weight: schema ? 6 : 1,
      arbitrary: (schema ? fuzzObject(schema, known) : fc.jsonValue({ maxDepth: 2 })).map(json),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 30 }).map((text) => ({ contentType: 'application/json', text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(33, 1_000, 100_000)
        .map((depth) => ({ contentType: 'application/json', text: deeplyNested(depth) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('text/plain', 'application/x-www-form-urlencoded', undefined)
        .map((contentType) => ({ contentType, text: 'a=1' })),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/**
 * A path or query parameter: mostly the right existing id for this parameter (so handlers run past their
 * lookups), else another known id, a plausible value or a hostile string.
 */
export function fuzzParam(schema: JsonSchema, known: string[], good: string[] = []): fc.Arbitrary<string> {
  const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  return fc.oneof(
    { weight: good.length > 0 ? 3 : 0, arbitrary: fc.constantFrom(...(good.length > 0 ? good : [''])) },
    { weight: 1, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: plausible(schema, known).map(asText) },
    { weight: 1, arbitrary: hostileString.map((s) => s.slice(0, 2_000)) },
  );
}
