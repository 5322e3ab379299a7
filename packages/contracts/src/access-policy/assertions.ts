import { classesOf } from './access-diff.ts';
import type { AccessModel } from './access-model.ts';
import { rulesAllow } from './flow-rules.ts';
import type { AccessAssertion, AssertionFailure } from './model.ts';

/**
 * The checks a model breaks. "reach" wants every node of `from` to send to every node of `to` (the given protocol
 * and port, or anything); "no-reach" wants none to. Checked per class of alike nodes, so a check between two tags
 * of thousands of nodes costs their classes, and the first `limit` breaking pairs are named.
 */
export function brokenAssertions(
  model: AccessModel,
  assertions: readonly AccessAssertion[],
  limit = 20,
): AssertionFailure[] {
  const failures: AssertionFailure[] = [];
  for (const assertion of assertions) {
    const passes = (from: string, to: string) => {
      const rules = model.flow(from, to);
      return assertion.protocol === undefined
        ? rules.length > 0
        : rulesAllow(rules, assertion.protocol, assertion.port ?? 0);
    };
    const failure: AssertionFailure = { assertion, pairs: [], count: 0 };
    const sources = classesOf(model, model.membersOf([assertion.from]));
    const destinations = classesOf(model, model.membersOf([assertion.to]));
    for (const from of sources)
      for (const to of destinations) {
        const pair = representative(from, to);
        if (!pair || passes(...pair) === (assertion.expect === 'reach')) continue;
        const other = new Set(to);
        failure.count += from.length * to.length - from.filter((id) => other.has(id)).length;
        for (const f of from) {
          if (failure.pairs.length >= limit) break;
          for (const t of to) {
            if (failure.pairs.length >= limit) break;
            if (f !== t) failure.pairs.push({ from: f, to: t });
          }
        }
      }
    if (failure.count > 0) failures.push(failure);
  }
  return failures;
}

/** Two different nodes, one of each class (alike nodes stand for all of their class). */
function representative(from: readonly string[], to: readonly string[]): [string, string] | undefined {
  const x = from[0]!;
  const y = to.find((id) => id !== x);
  if (y !== undefined) return [x, y];
  return from[1] === undefined ? undefined : [from[1], x];
}
