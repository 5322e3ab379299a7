import { tagId, type ChangeEvent, type CreateTagInput, type UpdateTagInput } from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import { parseIds, type AccessWriter, type NetworkAccessRows, type TagRow } from './access.repository.ts';
import type { AccessPlan } from './access-plan.ts';
import { policyRecords } from './access-state.ts';
import { refsNameTag, renameInRefs } from './policy-rules.ts';

type TagWrite = ((w: AccessWriter) => Promise<unknown>) & { touches?: 'nodes' | 'extclients' };

/** Change events for the nodes and clients whose tags a plan rewrites (consoles and the node-list cache). */
function memberEvents(netid: string, writes: readonly TagWrite[]): ChangeEvent[] {
  const touched = new Set(writes.map((w) => w.touches).filter((t) => t !== undefined));
  return [...touched].map((resource) => ({ resource, action: 'updated', network: netid }));
}

/** Node and client ids of the network named in `tagged_nodes`; 400 for one that is not there. */
function memberIds(
  rows: NetworkAccessRows,
  members: readonly { id: string }[] | null | undefined,
): Set<string> {
  const known = new Set([...rows.nodes.map((n) => n.id), ...rows.clients.map((c) => c.client_id)]);
  const ids = new Set<string>();
  for (const { id } of members ?? []) {
    if (!known.has(id))
      throw badRequest(`tagged_nodes: unknown node or client ${id} in network ${rows.netid}`);
    ids.add(id);
  }
  return ids;
}

/**
 * Makes the members of tag `id` exactly `members` (and renames it to `renamed` when given): changes the in-memory
 * tags of nodes and clients and returns the writes for those whose tags changed.
 */
function setMembers(
  rows: NetworkAccessRows,
  id: string,
  members: ReadonlySet<string> | undefined,
  renamed = id,
) {
  const writes: TagWrite[] = [];
  const next = (current: string[], memberId: string): string[] | undefined => {
    const had = current.includes(id);
    const wants = members ? members.has(memberId) : had;
    if (had === wants && id === renamed) return undefined;
    const without = current.filter((t) => t !== id);
    return wants ? [...without, renamed] : without;
  };
  for (const node of rows.nodes) {
    const tags = next(parseIds(node.tags), node.id);
    if (!tags) continue;
    node.tags = JSON.stringify(tags);
    writes.push(
      Object.assign((w: AccessWriter) => w.setNodeTags(node.id, tags), { touches: 'nodes' as const }),
    );
  }
  for (const client of rows.clients) {
    const tags = next(parseIds(client.tags), client.client_id);
    if (!tags) continue;
    client.tags = JSON.stringify(tags);
    writes.push(
      Object.assign((w: AccessWriter) => w.setClientTags(client.client_id, tags), {
        touches: 'extclients' as const,
      }),
    );
  }
  return writes;
}

export const createTag =
  (input: CreateTagInput, createdBy: string): AccessPlan<TagRow> =>
  (rows) => {
    const id = tagId(rows.netid, input.tag_name);
    if (rows.tags.some((t) => t.id === id) || input.tag_name.toLowerCase() === 'gateways')
      throw badRequest(`tag_name: tag ${input.tag_name} already exists in network ${rows.netid}`);
    const row: TagRow = {
      id,
      network: rows.netid,
      tag_name: input.tag_name,
      color_code: input.color_code ?? '',
      created_by: createdBy,
      created_at: new Date().toISOString(),
    };
    rows.tags.push(row);
    const writes = setMembers(rows, id, memberIds(rows, input.tagged_nodes));
    return {
      result: row,
      write: async (w) => {
        await w.insertTag(row);
        for (const write of writes) await write(w);
      },
      events: [
        { resource: 'tags', action: 'created', id, network: rows.netid },
        ...memberEvents(rows.netid, writes),
      ],
    };
  };

/**
 * Replaces a tag's members and, with `new_name`, renames it: the id becomes `<network>.<new name>` and every
 * node, client, policy, check and enrollment key naming the old id is rewritten in the same transaction.
 */
export const updateTag =
  (input: UpdateTagInput): AccessPlan<TagRow> =>
  (rows) => {
    const current = rows.tags.find((t) => t.id === input.id);
    if (!current) throw badRequest(`id: tag ${input.id} not found`);
    const newName = input.new_name ?? input.newname ?? undefined;
    const renamed = newName && newName !== current.tag_name ? tagId(rows.netid, newName) : current.id;
    if (
      renamed !== current.id &&
      (rows.tags.some((t) => t.id === renamed) || newName?.toLowerCase() === 'gateways')
    )
      throw badRequest(`new_name: tag ${newName} already exists in network ${rows.netid}`);
    const members = input.tagged_nodes == null ? undefined : memberIds(rows, input.tagged_nodes);
    const row: TagRow = {
      ...current,
      id: renamed,
      tag_name: renamed === current.id ? current.tag_name : (newName ?? current.tag_name),
      color_code: input.color_code ?? current.color_code,
    };
    rows.tags = rows.tags.map((t) => (t.id === current.id ? row : t));
    const writes = setMembers(rows, current.id, members, renamed);
    if (renamed !== current.id) {
      rows.policies = rows.policies.map((p) => {
        const src = renameInRefs(p.src_type, current.id, renamed);
        const dst = renameInRefs(p.dst_type, current.id, renamed);
        if (!src && !dst) return p;
        const next = { ...p, src_type: src ?? p.src_type, dst_type: dst ?? p.dst_type };
        writes.push((w) => w.putPolicy(next));
        return next;
      });
      rows.assertions = rows.assertions.map((a) => {
        const rewrite = (text: string) => {
          const r = JSON.parse(text) as { id: string; value: string };
          return r.id === 'tag' && r.value === current.id ? JSON.stringify({ ...r, value: renamed }) : text;
        };
        const next = { ...a, src: rewrite(a.src), dst: rewrite(a.dst) };
        if (next.src !== a.src || next.dst !== a.dst)
          writes.push(async (w) => {
            await w.deleteAssertion(a.id);
            await w.insertAssertion(next);
          });
        return next;
      });
      writes.push((w) => w.renameKeyGroups(current.id, renamed));
    }
    return {
      result: row,
      write: async (w) => {
        if (renamed !== current.id) {
          await w.deleteTag(current.id);
          await w.insertTag(row);
        } else await w.deleteTag(current.id).then(() => w.insertTag(row));
        for (const write of writes) await write(w);
      },
      events: [
        { resource: 'tags', action: 'updated', id: renamed, network: rows.netid },
        ...memberEvents(rows.netid, writes),
        // A rename rewrites the policies naming the tag.
        ...(renamed === current.id
          ? []
          : [{ resource: 'acls' as const, action: 'updated' as const, network: rows.netid }]),
      ],
    };
  };

/** Deletes a tag and takes it off its members; refused while a policy or a check names it. */
export const deleteTag =
  (id: string, isPro: boolean): AccessPlan<void> =>
  (rows) => {
    if (!rows.tags.some((t) => t.id === id)) throw badRequest(`tag_id: tag ${id} not found`);
    const users = policyRecords(rows, isPro).filter(
      ({ row }) => refsNameTag(row.src_type, id) || refsNameTag(row.dst_type, id),
    );
    if (users.length > 0)
      throw badRequest(
        `tag is currently in use by an active policy: ${users.map((u) => u.row.name).join(', ')}`,
      );
    const checks = rows.assertions.filter((a) => [a.src, a.dst].some((t) => refsNameTag(`[${t}]`, id)));
    if (checks.length > 0)
      throw badRequest(`tag is currently in use by access checks: ${checks.map((c) => c.name).join(', ')}`);
    rows.tags = rows.tags.filter((t) => t.id !== id);
    const writes = setMembers(rows, id, new Set());
    return {
      result: undefined,
      write: async (w) => {
        await w.deleteTag(id);
        for (const write of writes) await write(w);
      },
      events: [
        { resource: 'tags', action: 'deleted', id, network: rows.netid },
        ...memberEvents(rows.netid, writes),
      ],
    };
  };

/** How many policies name a tag (`used_by_count`). */
export function usedByCount(rows: NetworkAccessRows, id: string, isPro: boolean): number {
  return policyRecords(rows, isPro).filter(
    ({ row }) => refsNameTag(row.src_type, id) || refsNameTag(row.dst_type, id),
  ).length;
}
