import { randomUUID } from 'node:crypto';
import type { AclInput, AclPreviewInput } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { AccessWriter, NetworkAccessRows, PolicyRow } from './access.repository.ts';
import type { AccessPlan } from './access-plan.ts';
import { policyRecords } from './access-state.ts';
import { checkDefaultChange, checkPolicy, policyRow } from './policy-rules.ts';

type Write = (w: AccessWriter) => Promise<void>;

function ensureNetwork(rows: NetworkAccessRows, input: AclInput) {
  if (input.network_id !== rows.netid)
    throw badRequest(`network_id: the policy belongs to network ${rows.netid}, not ${input.network_id}`);
}

function create(rows: NetworkAccessRows, input: AclInput, user: string, isPro: boolean): [PolicyRow, Write] {
  ensureNetwork(rows, input);
  checkPolicy(rows, input, isPro);
  const row = policyRow(rows.netid, randomUUID(), input, {
    created_by: user,
    created_at: new Date().toISOString(),
    is_default: 0,
  });
  rows.policies.push(row);
  return [row, (w) => w.putPolicy(row)];
}

function update(
  rows: NetworkAccessRows,
  input: AclInput & { id: string },
  isPro: boolean,
): [PolicyRow, Write] {
  ensureNetwork(rows, input);
  const current = policyRecords(rows, isPro).find((r) => r.row.id === input.id)?.row;
  if (!current) throw badRequest(`id: policy ${input.id} not found in network ${rows.netid}`);
  checkPolicy(rows, input, isPro);
  const row = policyRow(rows.netid, current.id, input, {
    created_by: current.created_by,
    created_at: current.created_at,
    is_default: current.is_default,
  });
  if (current.is_default === 1) {
    checkDefaultChange(current, row);
    row.meta_data = current.meta_data;
  }
  rows.policies = [...rows.policies.filter((p) => p.id !== row.id), row];
  return [row, (w) => w.putPolicy(row)];
}

function remove(rows: NetworkAccessRows, id: string, isPro: boolean): Write {
  const current = policyRecords(rows, isPro).find((r) => r.row.id === id)?.row;
  if (!current) throw badRequest(`acl_id: policy ${id} not found`);
  if (current.is_default === 1) throw badRequest('cannot delete default policy');
  rows.policies = rows.policies.filter((p) => p.id !== id);
  return (w) => w.deletePolicy(id).then(() => undefined);
}

export const createPolicy =
  (input: AclInput, user: string, isPro: boolean): AccessPlan<PolicyRow> =>
  (rows) => {
    const [row, write] = create(rows, input, user, isPro);
    return {
      result: row,
      write,
      events: [{ resource: 'acls', action: 'created', id: row.id, network: rows.netid }],
    };
  };

export const updatePolicy =
  (input: AclInput & { id: string }, isPro: boolean): AccessPlan<PolicyRow> =>
  (rows) => {
    const [row, write] = update(rows, input, isPro);
    return {
      result: row,
      write,
      events: [{ resource: 'acls', action: 'updated', id: row.id, network: rows.netid }],
    };
  };

export const deletePolicy =
  (id: string, isPro: boolean): AccessPlan<void> =>
  (rows) => ({
    result: undefined,
    write: remove(rows, id, isPro),
    events: [{ resource: 'acls', action: 'deleted', id, network: rows.netid }],
  });

/** Several policy changes as one (the preview route): creations, replacements and deletions. */
export const policyChanges =
  (input: AclPreviewInput, user: string, isPro: boolean): AccessPlan<void> =>
  (rows) => {
    const writes: Write[] = [];
    for (const item of input.create ?? []) writes.push(create(rows, item, user, isPro)[1]);
    for (const item of input.update ?? []) writes.push(update(rows, item, isPro)[1]);
    for (const id of input.delete ?? []) writes.push(remove(rows, id, isPro));
    return {
      result: undefined,
      write: async (w) => {
        for (const write of writes) await write(w);
      },
      events: [{ resource: 'acls', action: 'updated', network: rows.netid }],
    };
  };
