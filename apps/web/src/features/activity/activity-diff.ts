/** One field of an entry's before/after: its path (`settings.mtu`), the two values as text, and what happened. */
export interface FieldChange {
  path: string;
  before: string | undefined;
  after: string | undefined;
  kind: 'added' | 'removed' | 'changed' | 'same';
  /** For a list of names that changed (a tag's members, a relay's nodes): the items it gained and lost. */
  items?: { added: string[]; removed: string[] };
}

/** The items of a leaf that holds a JSON list of strings, else undefined. */
export function stringList(text: string | undefined): string[] | undefined {
  if (text === undefined || !text.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What a changed list gained and lost, when both sides are lists of strings. */
function listItems(before: string | undefined, after: string | undefined): FieldChange['items'] {
  const was = stringList(before);
  const is = stringList(after);
  if (!was || !is) return undefined;
  return {
    added: is.filter((item) => !was.includes(item)),
    removed: was.filter((item) => !is.includes(item)),
  };
}

const MAX_DEPTH = 6;

/** Leaves of a value by dotted path; arrays and empty objects are leaves, shown as JSON. */
function flatten(value: unknown, prefix: string, out: Map<string, string>, depth = 0): void {
  const isBranch = value !== null && typeof value === 'object' && !Array.isArray(value);
  if (!isBranch || depth >= MAX_DEPTH || Object.keys(value).length === 0) {
    if (prefix !== '' || value !== null)
      out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
    return;
  }
  for (const [key, item] of Object.entries(value))
    flatten(item, prefix ? `${prefix}.${key}` : key, out, depth + 1);
}

/**
 * The fields of a before/after pair, changed ones first then the rest, each in path order. A created object has
 * only `added` fields, a deleted one only `removed` ones.
 */
export function diffFields(before: unknown, after: unknown): FieldChange[] {
  const old = new Map<string, string>();
  const next = new Map<string, string>();
  if (before !== null && before !== undefined) flatten(before, '', old);
  if (after !== null && after !== undefined) flatten(after, '', next);
  const paths = [...new Set([...old.keys(), ...next.keys()])].sort();
  const fields = paths.map((path): FieldChange => {
    const was = old.get(path);
    const is = next.get(path);
    const kind = was === undefined ? 'added' : is === undefined ? 'removed' : was === is ? 'same' : 'changed';
    const items = kind === 'changed' ? listItems(was, is) : undefined;
    return { path, before: was, after: is, kind, ...(items ? { items } : {}) };
  });
  return [...fields.filter((f) => f.kind !== 'same'), ...fields.filter((f) => f.kind === 'same')];
}
