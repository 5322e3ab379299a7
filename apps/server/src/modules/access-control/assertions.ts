import { randomUUID } from 'node:crypto';
import type {
  AccessAssertion,
  AccessAssertionInput,
  AccessAssertionWire,
  PolicyRef,
} from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { AssertionRow, NetworkAccessRows } from './access.repository.ts';
import type { AccessPlan } from './access-plan.ts';
import { isKnownTag } from './policy-rules.ts';

const ref = (text: string): { id: string; value: string } =>
  JSON.parse(text) as { id: string; value: string };

/** A stored check as the access function reads it. */
export function toAssertion(row: AssertionRow): AccessAssertion {
  const from = ref(row.src);
  const to = ref(row.dst);
  return {
    id: row.id,
    from: { type: from.id as PolicyRef['type'], value: from.value },
    to: { type: to.id as PolicyRef['type'], value: to.value },
    expect: row.expect === 'no-reach' ? 'no-reach' : 'reach',
    ...(row.protocol ? { protocol: row.protocol as 'tcp' | 'udp' | 'icmp', port: row.port } : {}),
  };
}

export function presentAssertion(
  row: AssertionRow,
  nameOf: (type: string, value: string) => string,
): AccessAssertionWire {
  const named = (text: string) => {
    const r = ref(text);
    return { id: r.id, value: r.value, name: nameOf(r.id, r.value) };
  };
  return {
    id: row.id,
    network_id: row.network,
    name: row.name,
    from: named(row.src),
    to: named(row.dst),
    expect: row.expect === 'no-reach' ? 'no-reach' : 'reach',
    protocol: row.protocol,
    port: row.port,
    created_at: row.created_at,
  };
}

/** Adds a check; like any change it is refused when it fails already (the network must satisfy its checks). */
export const createAssertion =
  (input: AccessAssertionInput): AccessPlan<AssertionRow> =>
  (rows: NetworkAccessRows) => {
    const members = new Set([...rows.nodes.map((n) => n.id), ...rows.clients.map((c) => c.client_id)]);
    for (const [field, r] of [
      ['from', input.from],
      ['to', input.to],
    ] as const) {
      if (r.id === 'tag' && !isKnownTag(rows, r.value))
        throw badRequest(`${field}: unknown tag ${r.value} in network ${rows.netid}`);
      if (r.id === 'device' && r.value !== '*' && !members.has(r.value))
        throw badRequest(`${field}: unknown node or client ${r.value} in network ${rows.netid}`);
    }
    if (input.port && !input.protocol) throw badRequest('protocol: a check on a port needs its protocol');
    const row: AssertionRow = {
      id: randomUUID(),
      network: rows.netid,
      name: input.name,
      src: JSON.stringify({ id: input.from.id, value: input.from.value }),
      dst: JSON.stringify({ id: input.to.id, value: input.to.value }),
      expect: input.expect,
      protocol: input.protocol ?? '',
      port: input.protocol === 'icmp' ? 0 : (input.port ?? 0),
      created_at: new Date().toISOString(),
    };
    rows.assertions.push(row);
    return {
      result: row,
      write: (w) => w.insertAssertion(row).then(() => undefined),
      events: [{ resource: 'acls', action: 'updated', network: rows.netid }],
      newChecks: [row.id],
    };
  };

export const deleteAssertion =
  (id: string): AccessPlan<void> =>
  (rows) => {
    rows.assertions = rows.assertions.filter((a) => a.id !== id);
    return {
      result: undefined,
      write: (w) => w.deleteAssertion(id).then(() => undefined),
      events: [{ resource: 'acls', action: 'updated', network: rows.netid }],
    };
  };
