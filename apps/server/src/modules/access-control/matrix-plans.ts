import type { AclContainer, AclMatrixCells, AclMatrixCellsInput } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { parseIds, type MatrixRow, type NetworkAccessRows } from './access.repository.ts';
import type { AccessPlan } from './access-plan.ts';
import { afterFill } from './access-state.ts';

const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * The matrix as stored (decision 040): the fill (0 none, 1 deny, 2 allow every pair but client to client) and the
 * cells that differ from it, one per unordered pair keyed `a\nb` (a < b); a cell of 0 leaves its pair to the
 * policies. `shown` is what the contract shows for a pair: its cell, else the fill, else the network default.
 */
function storedMatrix(rows: NetworkAccessRows) {
  const clients = new Set(rows.clients.map((c) => c.client_id));
  const members = new Set([...rows.nodes.map((n) => n.id), ...clients]);
  const fallback = rows.defaultAllow ? 2 : 1;
  const cells = new Map<string, number>();
  for (const cell of rows.matrix)
    if (cell.a !== cell.b && members.has(cell.a) && members.has(cell.b))
      cells.set(ordered(cell.a, cell.b).join('\n'), cell.value);
  // A fill set now (`covering`) reaches every member; the stored one, those that existed when it was set.
  let later = afterFill(rows);
  const isCovered = (a: string, b: string) =>
    !(clients.has(a) && clients.has(b)) && !later.has(a) && !later.has(b);
  const coverEveryone = () => {
    later = new Set();
  };
  /** What a pair holds without a cell: the fill where it reaches, else nothing (0). */
  const base = (fill: number, a: string, b: string) => (fill !== 0 && isCovered(a, b) ? fill : 0);
  const shown = (fill: number, a: string, b: string) => {
    const value = cells.get(ordered(a, b).join('\n')) ?? base(fill, a, b);
    return value === 0 ? fallback : value;
  };
  return { clients, fallback, cells, isCovered, base, shown, coverEveryone, later: () => later };
}

/**
 * The old matrix as the contract sends it (§2.16): every node (and client) against every other, the stored cell
 * where there is one, else the matrix fill, else the network default (2 allow, 1 deny).
 */
export function presentMatrix(rows: NetworkAccessRows): AclContainer {
  const ids = [...rows.nodes.map((n) => n.id), ...rows.clients.map((c) => c.client_id)];
  const { shown } = storedMatrix(rows);
  const container: AclContainer = {};
  for (const a of ids) {
    const row: Record<string, number> = {};
    for (const b of ids) if (a !== b) row[b] = shown(rows.matrixFill, a, b);
    container[a] = row;
  }
  return container;
}

/**
 * The matrix as stored (Meshdeck's compact read): members, the value most pairs show (the fill, else the
 * network default) and only the pairs that show another, once per pair.
 */
export function presentCells(rows: NetworkAccessRows): AclMatrixCells {
  const members = [...rows.nodes.map((n) => n.id), ...rows.clients.map((c) => c.client_id)];
  const { cells, clients, shown, later, isCovered } = storedMatrix(rows);
  const fill = rows.matrixFill;
  const defaultValue = fill === 0 ? (rows.defaultAllow ? 2 : 1) : fill;
  const out: AclMatrixCells['cells'] = [];
  for (const key of cells.keys()) {
    const [a = '', b = ''] = key.split('\n');
    const value = shown(fill, a, b);
    if (value !== defaultValue) out.push({ a, b, value });
  }
  // Pairs outside the fill (client to client, or with a member that joined after it) show their cell or the
  // network default.
  if (fill !== 0) {
    const seen = new Set<string>();
    const outside = [...new Set([...clients, ...later()])];
    for (const u of outside)
      for (const m of members) {
        if (u === m) continue;
        const [a, b] = ordered(u, m);
        const key = `${a}\n${b}`;
        if (seen.has(key) || cells.has(key) || isCovered(a, b)) continue;
        seen.add(key);
        const value = shown(fill, a, b);
        if (value !== defaultValue) out.push({ a, b, value });
      }
  }
  return { members, default_value: defaultValue, cells: out };
}

/**
 * Merges a (partial) matrix onto the stored one (§2.16): a cell equal to the network default leaves its pair to
 * the policies, any other decides it (a pair sent both ways with different values is denied); stored is only what
 * differs from the fill. `fill` first sets every pair but client to client (stored as one value, or none when it
 * equals the network default). `/acls` takes node ids only; `/acls/v2` also client ids, and keeps each client's
 * `deniednodeacls` equal to the nodes it is denied. Unknown ids are refused, naming them.
 */
export const putMatrix =
  (body: AclContainer, withClients: boolean, fillWith?: number | null): AccessPlan<void> =>
  (rows: NetworkAccessRows) => {
    const nodes = new Set(rows.nodes.map((n) => n.id));
    const { clients, fallback, cells, isCovered, base, shown, coverEveryone } = storedMatrix(rows);
    const known = (id: string) => nodes.has(id) || clients.has(id);
    const check = (id: string) => {
      if (!known(id))
        throw badRequest(
          `matrix id ${id} is not a node${withClients ? ' or client' : ''} of network ${rows.netid}`,
        );
    };
    let fill: 0 | 1 | 2 = rows.matrixFill;
    let fillAt = rows.matrixFillAt;
    const sent = new Map<string, number>();
    for (const [a, row] of Object.entries(body)) {
      check(a);
      for (const [b, value] of Object.entries(row)) {
        if (value === 0 || a === b) continue;
        check(b);
        const key = ordered(a, b).join('\n');
        // `/acls` leaves clients alone: the whole matrix the dashboard sends back is fine while their cells stay.
        if (!withClients && (clients.has(a) || clients.has(b))) {
          if (value === shown(fill, a, b)) continue;
          throw badRequest(
            `matrix id ${clients.has(a) ? a : b} is a client: clients are set through /acls/v2`,
          );
        }
        sent.set(key, sent.get(key) === 1 ? 1 : value);
      }
    }
    if (fillWith === 1 || fillWith === 2) {
      // The fill replaces every pair it reaches: their cells go, client-to-client cells stay.
      fill = fillWith === fallback ? 0 : fillWith;
      fillAt = fill === 0 ? '' : new Date().toISOString();
      coverEveryone();
      for (const key of [...cells.keys()]) {
        const [a = '', b = ''] = key.split('\n');
        if (isCovered(a, b)) cells.delete(key);
      }
    }
    for (const [key, value] of sent) {
      const [a = '', b = ''] = key.split('\n');
      const wanted = value === fallback ? 0 : value;
      if (wanted === base(fill, a, b)) cells.delete(key);
      else cells.set(key, wanted);
    }
    const matrix: MatrixRow[] = [...cells].map(([key, value]) => {
      const [a = '', b = ''] = key.split('\n');
      return { network: rows.netid, a, b, value };
    });
    rows.matrix = matrix;
    rows.matrixFill = fill;
    rows.matrixFillAt = fillAt;
    const deniedWrites: [string, string[]][] = [];
    if (withClients)
      for (const client of rows.clients) {
        const denied = rows.nodes.map((n) => n.id).filter((id) => shown(fill, id, client.client_id) === 1);
        if (JSON.stringify(parseIds(client.denied_node_acls).sort()) === JSON.stringify([...denied].sort()))
          continue;
        client.denied_node_acls = JSON.stringify(denied);
        deniedWrites.push([client.client_id, denied]);
      }
    return {
      result: undefined,
      write: async (w) => {
        await w.replaceMatrix(fill, fillAt, matrix);
        for (const [id, denied] of deniedWrites) await w.setClientDenied(id, denied);
      },
      events: [{ resource: 'acls', action: 'updated', network: rows.netid }],
    };
  };

/**
 * The compact write (Meshdeck's `/acls/cells`): `fill` sets every pair but client to client, then `cells` set single
 * pairs; merged as a `/acls/v2` body would be, each pair once (so a cell overrides the fill rather than conflicting).
 * The fill is stored as one value (decision 040), so "Block all" costs the same at any size.
 */
export const putCells =
  (input: AclMatrixCellsInput): AccessPlan<void> =>
  (rows: NetworkAccessRows) => {
    const container: AclContainer = {};
    for (const cell of input.cells ?? [])
      if (cell.a !== cell.b) {
        const [x, y] = ordered(cell.a, cell.b);
        (container[x] ??= {})[y] = cell.value;
      }
    return putMatrix(container, true, input.fill)(rows);
  };
