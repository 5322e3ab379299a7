import { describe, expect, it } from 'vitest';
import {
  ALLOW,
  DENY,
  NO_EDITS,
  changedCells,
  effectiveCell,
  packMatrix,
  toggleCell,
} from './matrix-state.ts';

const names = new Map([
  ['n1', 'alpha'],
  ['n2', 'beta'],
  ['n3', 'gamma'],
]);
// n1-n2 denied (stored once), everything else at the ALLOW default; c1 and c2 are clients.
const stored = {
  members: ['n1', 'n2', 'n3', 'c1', 'c2'],
  default_value: ALLOW,
  cells: [{ a: 'n2', b: 'n1', value: DENY }],
};

describe('matrix state', () => {
  it('when packed, then nodes come first by name, clients after, and a stored pair holds both ways', () => {
    const m = packMatrix(stored, names);
    expect(m.members.map((x) => x.id)).toEqual(['n1', 'n2', 'n3', 'c1', 'c2']);
    expect(effectiveCell(m, NO_EDITS, 1, 0)).toBe(DENY);
    expect(effectiveCell(m, NO_EDITS, 0, 1)).toBe(DENY);
    expect(effectiveCell(m, NO_EDITS, 0, 2)).toBe(ALLOW);
  });

  it('when the network default is DENY, then every cell nobody set is denied and a stored allow opens its pair', () => {
    const m = packMatrix(
      { ...stored, default_value: DENY, cells: [{ a: 'n1', b: 'n3', value: ALLOW }] },
      names,
    );
    expect(effectiveCell(m, NO_EDITS, 0, 1)).toBe(DENY);
    expect(effectiveCell(m, NO_EDITS, 2, 0)).toBe(ALLOW);
  });

  it('when one cell is toggled, then only that pair is sent, once', () => {
    const m = packMatrix(stored, names);
    const edits = toggleCell(m, NO_EDITS, 0, 1);
    expect(effectiveCell(m, edits, 1, 0)).toBe(ALLOW);
    expect(changedCells(m, edits)).toEqual({
      body: { fill: null, cells: [{ a: 'n1', b: 'n2', value: ALLOW }] },
      count: 1,
    });
    // Toggled back: nothing left to send.
    expect(changedCells(m, toggleCell(m, edits, 1, 0)).count).toBe(0);
  });

  it('when everything is blocked, then every settable pair that was allowed is sent, never a client-to-client pair', () => {
    const m = packMatrix(stored, names);
    const { body, count } = changedCells(m, { base: DENY, pairs: new Map() });
    // 5 members: 10 pairs, minus n1-n2 (already denied) and c1-c2 (fixed); sent as one fill.
    expect(count).toBe(8);
    expect(body).toEqual({ fill: DENY, cells: [] });
    // A pair allowed after the block is sent against the fill, even where it is allowed today.
    const opened = changedCells(m, toggleCell(m, { base: DENY, pairs: new Map() }, 0, 2));
    expect(opened).toEqual({ body: { fill: DENY, cells: [{ a: 'n1', b: 'n3', value: ALLOW }] }, count: 7 });
  });

  it('when the matrix is refreshed with a new member first, then an edit still names the same pair', () => {
    const m = packMatrix(stored, names);
    const edits = toggleCell(m, NO_EDITS, 0, 2);
    const refreshed = packMatrix(
      { ...stored, members: ['n0', ...stored.members] },
      new Map([...names, ['n0', 'aardvark']]),
    );
    expect(changedCells(refreshed, edits).body).toEqual({
      fill: null,
      cells: [{ a: 'n1', b: 'n3', value: DENY }],
    });
  });
});
