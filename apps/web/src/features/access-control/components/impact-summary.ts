import type { AccessImpact } from '@meshdeck/contracts';

/** One line of an impact: a pair that gains access, loses it, or keeps some of it. */
export interface ImpactLine {
  kind: 'opens' | 'cuts' | 'changes';
  from: string;
  to: string;
  /** Both directions change alike: shown once as `A <-> B`. */
  isTwoWay: boolean;
  /** What flows after the change (`all`, `tcp/443` ...); for a cut, what flowed before. */
  rules: string[];
  /** What flowed before, for a change. */
  before: string[];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((rule, i) => rule === b[i]);

/**
 * The server's list of changed ordered pairs as lines a person reads: `A -> B` and `B -> A` with the same change
 * become one `A <-> B` line, and cuts come first (they are what breaks things), then openings, then changes.
 */
export function summariseImpact(impact: AccessImpact): ImpactLine[] {
  const byPair = new Map<string, AccessImpact['changes'][number]>();
  for (const change of impact.changes) byPair.set(`${change.from}\n${change.to}`, change);
  const lines: ImpactLine[] = [];
  const seen = new Set<string>();
  for (const change of impact.changes) {
    const key = `${change.from}\n${change.to}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const back = byPair.get(`${change.to}\n${change.from}`);
    const isTwoWay = !!back && same(back.before, change.before) && same(back.after, change.after);
    if (isTwoWay) seen.add(`${change.to}\n${change.from}`);
    const kind =
      change.before.length === 0 ? 'opens' : change.after.length === 0 ? 'cuts' : ('changes' as const);
    // A two-way pair reads the same either way round: alphabetical, so a pair always reads alike.
    const isSwapped = isTwoWay && change.to_name.localeCompare(change.from_name) < 0;
    lines.push({
      kind,
      from: isSwapped ? change.to_name : change.from_name,
      to: isSwapped ? change.from_name : change.to_name,
      isTwoWay,
      rules: kind === 'cuts' ? change.before : change.after,
      before: change.before,
    });
  }
  const order = { cuts: 0, opens: 1, changes: 2 };
  return lines.sort((a, b) => order[a.kind] - order[b.kind]);
}

/** `tcp/443` and friends as a short suffix: nothing for everything, else the rules joined. */
export const rulesText = (rules: readonly string[]): string =>
  rules.length === 0 || rules.includes('all') ? '' : rules.join(', ');

/** Nothing would change and nothing is broken. */
export const isEmptyImpact = (impact: AccessImpact): boolean =>
  impact.changes.length === 0 &&
  impact.pairs.gained === 0 &&
  impact.pairs.lost === 0 &&
  impact.flows.changed === 0 &&
  impact.broken_assertions.length === 0;
