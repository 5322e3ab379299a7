import type { AccessImpact } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { isEmptyImpact, rulesText, summariseImpact } from './impact-summary.ts';

const change = (from: string, to: string, before: string[], after: string[]) => ({
  from,
  from_name: from.toUpperCase(),
  to,
  to_name: to.toUpperCase(),
  before,
  after,
});
const impact = (changes: AccessImpact['changes']): AccessImpact => ({
  pairs: { gained: 0, lost: 0 },
  flows: { opened: 0, closed: 0, changed: 0 },
  changes,
  truncated: false,
  broken_assertions: [],
});

describe('summariseImpact', () => {
  it('when both directions of a pair lose the same access, then it is one two-way cut, named in alphabetical order', () => {
    const lines = summariseImpact(impact([change('b', 'a', ['all'], []), change('a', 'b', ['all'], [])]));
    expect(lines).toEqual([
      { kind: 'cuts', from: 'A', to: 'B', isTwoWay: true, rules: ['all'], before: ['all'] },
    ]);
  });

  it('when only one direction opens on a port, then it is a one-way opening naming the port, after the cuts', () => {
    const lines = summariseImpact(
      impact([
        change('e', 'f', [], ['tcp/443']),
        change('c', 'd', ['all'], []),
        change('d', 'c', ['all'], []),
      ]),
    );
    expect(lines.map((l) => [l.kind, l.from, l.to, l.isTwoWay, rulesText(l.rules)])).toEqual([
      ['cuts', 'C', 'D', true, ''],
      ['opens', 'E', 'F', false, 'tcp/443'],
    ]);
  });

  it('when the two directions change differently, then each is its own line', () => {
    const lines = summariseImpact(
      impact([change('a', 'b', ['all'], ['tcp/22']), change('b', 'a', ['all'], [])]),
    );
    expect(lines.map((l) => [l.kind, l.from, l.isTwoWay])).toEqual([
      ['cuts', 'B', false],
      ['changes', 'A', false],
    ]);
  });

  it('when nothing changes, then the impact is empty, and a broken check alone makes it not empty', () => {
    expect(isEmptyImpact(impact([]))).toBe(true);
    const broken = {
      ...impact([]),
      broken_assertions: [{ id: 'x', name: 'x', expect: 'reach', count: 1, pairs: [] }],
    };
    expect(isEmptyImpact(broken)).toBe(false);
  });
});
