import type { AclContainer, AclMatrixCells, AclMatrixCellsInput } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { parseIds, type MatrixRow, type NetworkAccessRows } from './access.repository.ts';
import type { AccessPlan } from './access.service.ts';

const ordered = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * The old matrix as the contract sends it (§2.16): every node (and client) against every other, the stored cell
 * where there is one, else the network default (2 allow, 1 deny).
 */
export function presentMatrix(rows: NetworkAccessRows): AclContainer {
  const ids = [...rows.nodes.map((n) => n.id), ...rows.clients.map((c) => c.client_id)];
  const fallback = rows.defaultAllow ? 2 : 1;
  const cells = new Map<string, number>();
  for (const cell of rows.matrix) cells.set(`${cell.a}\n${cell.b}`, cell.value);
  const container: AclContainer = {};
  for (const a of ids) {
    const row: Record<string, number> = {};
    for (const b of ids) {
      if (a === b) continue;
      const [x, y] = ordered(a, b);
      row[b] = cells.get(`${x}\n${y}`) ?? fallback;
    }
    container[a] = row;
  }
  return container;
}

/** The matrix as stored (Meshdeck's compact read): members, the default, and only the cells somebody set. */
export function presentCells(rows: NetworkAccessRows): AclMatrixCells {
  const members = [...rows.nodes.map((n) => n.id), ...rows.clients.map((c) => c.client_id)];
  const known = new Set(members);
  return {
    members,
    default_value: rows.defaultAllow ? 2 : 1,
    cells: rows.matrix
      .filter((cell) => cell.a !== cell.b && known.has(cell.a) && known.has(cell.b))
      .map((cell) => ({ a: cell.a, b: cell.b, value: cell.value })),
  };
}

/**
 * Merges a (partial) matrix onto the stored one (§2.16): a cell equal to the network default is dropped, any
 * other is kept, one row per unordered pair (a pair sent both ways with different values is denied). `/acls`
 * takes node ids only; `/acls/v2` also client ids, and keeps each client's `deniednodeacls` equal to the nodes
 * it is denied. Unknown ids are refused, naming them.
 */
export const putMatrix =
  (body: AclContainer, withClients: boolean): AccessPlan<void> =>
  (rows: NetworkAccessRows) => {
    const nodes = new Set(rows.nodes.map((n) => n.id));
    const clients = new Set(rows.clients.map((c) => c.client_id));
    const known = (id: string) => nodes.has(id) || clients.has(id);
    const check = (id: string) => {
      if (!known(id))
        throw badRequest(
          `matrix id ${id} is not a node${withClients ? ' or client' : ''} of network ${rows.netid}`,
        );
    };
    const fallback = rows.defaultAllow ? 2 : 1;
    const cells = new Map<string, number>();
    for (const cell of rows.matrix)
      if ((nodes.has(cell.a) || clients.has(cell.a)) && (nodes.has(cell.b) || clients.has(cell.b)))
        cells.set(`${cell.a}\n${cell.b}`, cell.value);
    const sent = new Map<string, number>();
    for (const [a, row] of Object.entries(body)) {
      check(a);
      for (const [b, value] of Object.entries(row)) {
        if (value === 0 || a === b) continue;
        check(b);
        const key = ordered(a, b).join('\n');
        // `/acls` leaves clients alone: the whole matrix the dashboard sends back is fine while their cells stay.
        if (!withClients && (clients.has(a) || clients.has(b))) {
          if (value === (cells.get(key) ?? fallback)) continue;
          throw badRequest(
            `matrix id ${clients.has(a) ? a : b} is a client: clients are set through /acls/v2`,
          );
        }
        sent.set(key, sent.get(key) === 1 ? 1 : value);
      }
    }
    for (const [key, value] of sent) {
      if (value === fallback) cells.delete(key);
      else cells.set(key, value);
    }
    const matrix: MatrixRow[] = [...cells].map(([key, value]) => {
      const [a = '', b = ''] = key.split('\n');
      return { network: rows.netid, a, b, value };
    });
    rows.matrix = matrix;
    const deniedWrites: [string, string[]][] = [];
    if (withClients)
      for (const client of rows.clients) {
        const denied = rows.nodes
          .map((n) => n.id)
          .filter((id) => (cells.get(ordered(id, client.client_id).join('\n')) ?? fallback) === 1);
        if (JSON.stringify(parseIds(client.denied_node_acls).sort()) === JSON.stringify([...denied].sort()))
          continue;
        client.denied_node_acls = JSON.stringify(denied);
        deniedWrites.push([client.client_id, denied]);
      }
    return {
      result: undefined,
      write: async (w) => {
        await w.replaceMatrix(matrix);
        for (const [id, denied] of deniedWrites) await w.setClientDenied(id, denied);
      },
      events: [{ resource: 'acls', action: 'updated', network: rows.netid }],
    };
  };

/**
 * The compact write (Meshdeck's `/acls/cells`): `fill` sets every pair but client to client, then `cells` set single
 * pairs; merged as a `/acls/v2` body would be, each pair once (so a cell overrides the fill rather than conflicting).
 */
export const putCells =
  (input: AclMatrixCellsInput): AccessPlan<void> =>
  (rows: NetworkAccessRows) => {
    const container: AclContainer = {};
    const set = (a: string, b: string, value: number) => {
      const [x, y] = ordered(a, b);
      (container[x] ??= {})[y] = value;
    };
    if (input.fill) {
      const nodes = rows.nodes.map((n) => n.id);
      const everyone = [...nodes, ...rows.clients.map((c) => c.client_id)];
      for (let i = 0; i < nodes.length; i++)
        for (let j = i + 1; j < everyone.length; j++) set(nodes[i]!, everyone[j]!, input.fill);
    }
    for (const cell of input.cells ?? []) if (cell.a !== cell.b) set(cell.a, cell.b, cell.value);
    return putMatrix(container, true)(rows);
  };
