import type { AclMatrixCells, AclMatrixCellsInput } from '@meshdeck/contracts';

export const DENY = 1;
export const ALLOW = 2;
export type Cell = typeof DENY | typeof ALLOW;

/** A member of the matrix: a node (named by its host) or a remote-access client (named by its id). */
export interface MatrixMember {
  id: string;
  name: string;
  isClient: boolean;
}

/**
 * The stored matrix packed as one byte per ordered pair (1,000 members: 1 MB), so a cell is an index and the
 * grid never walks the server's nested objects while scrolling.
 */
export interface StoredMatrix {
  members: MatrixMember[];
  index: Map<string, number>;
  cells: Uint8Array;
}

export function packMatrix(stored: AclMatrixCells, names: ReadonlyMap<string, string>): StoredMatrix {
  const members = [...new Set(stored.members)]
    .map((id) => ({ id, name: names.get(id) ?? id, isClient: !names.has(id) }))
    .sort((a, b) => Number(a.isClient) - Number(b.isClient) || a.name.localeCompare(b.name));
  const index = new Map(members.map((m, i) => [m.id, i]));
  const n = members.length;
  const cells = new Uint8Array(n * n).fill(stored.default_value);
  for (const { a, b, value } of stored.cells) {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) continue;
    cells[i * n + j] = value;
    cells[j * n + i] = value;
  }
  return { members, index, cells };
}

/** The admin's unsaved edits: a whole-matrix choice (allow all, block all) and single pairs on top of it. */
export interface MatrixEdits {
  base: Cell | undefined;
  pairs: ReadonlyMap<string, Cell>;
}

export const NO_EDITS: MatrixEdits = { base: undefined, pairs: new Map() };
// Keyed by ids, not positions: a live refresh of the matrix (a node joined) may reorder the members.
const pairKey = (m: StoredMatrix, i: number, j: number) => {
  const a = m.members[i]?.id ?? '';
  const b = m.members[j]?.id ?? '';
  return a < b ? `${a}\n${b}` : `${b}\n${a}`;
};

/** Client-to-client pairs cannot be set (clients never peer with each other). */
export const isFixed = (m: StoredMatrix, i: number, j: number) =>
  i === j || (m.members[i]?.isClient === true && m.members[j]?.isClient === true);

export function storedCell(m: StoredMatrix, i: number, j: number): Cell {
  const n = m.members.length;
  // Either direction denied denies the pair, as the server decides.
  return m.cells[i * n + j] === DENY || m.cells[j * n + i] === DENY ? DENY : ALLOW;
}

export function effectiveCell(m: StoredMatrix, edits: MatrixEdits, i: number, j: number): Cell {
  if (isFixed(m, i, j)) return storedCell(m, i, j);
  return edits.pairs.get(pairKey(m, i, j)) ?? edits.base ?? storedCell(m, i, j);
}

export function toggleCell(m: StoredMatrix, edits: MatrixEdits, i: number, j: number): MatrixEdits {
  const pairs = new Map(edits.pairs);
  pairs.set(pairKey(m, i, j), effectiveCell(m, edits, i, j) === ALLOW ? DENY : ALLOW);
  return { base: edits.base, pairs };
}

/**
 * What to send (PUT /acls/cells): the whole-matrix choice as `fill` and each single pair that differs from it, so
 * "Block all" at 1,000 nodes stays a few bytes; `count` is how many pairs would change value.
 */
export function changedCells(
  m: StoredMatrix,
  edits: MatrixEdits,
): { body: AclMatrixCellsInput; count: number } {
  const cells: { a: string; b: string; value: Cell }[] = [];
  let count = 0;
  const n = m.members.length;
  const isChanged = (i: number, j: number) =>
    !isFixed(m, i, j) && effectiveCell(m, edits, i, j) !== storedCell(m, i, j);
  if (edits.base !== undefined) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (isChanged(i, j)) count++;
  }
  for (const [key, value] of edits.pairs) {
    const [a = '', b = ''] = key.split('\n');
    const i = m.index.get(a);
    const j = m.index.get(b);
    if (i === undefined || j === undefined || isFixed(m, i, j)) continue;
    // Against a fill, a pair is sent when it differs from the fill; alone, when it differs from what is stored.
    if (edits.base !== undefined ? value !== edits.base : isChanged(i, j)) cells.push({ a, b, value });
    if (edits.base === undefined && isChanged(i, j)) count++;
  }
  return { body: { fill: edits.base ?? null, cells }, count };
}
