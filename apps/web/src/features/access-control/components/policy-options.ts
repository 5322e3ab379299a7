import type { Acl, AclRefInput } from '@meshdeck/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTags } from '@/features/access-control/api/access-queries.ts';
import { useNetworkMembers } from '@/lib/api/network-members.ts';
import { useQuery } from '@tanstack/react-query';
import { useGroups, usersQueryOptions } from '@/lib/api/people-queries.ts';

export type PolicyType = 'device-policy' | 'user-policy';
export interface OptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** A picker value: `<type>|<value>`, e.g. `tag|net1.web` or `device|<node id>`; `*` is everything of a kind. */
export const encodeRef = (ref: { id: string; value: string }) => `${ref.id}|${ref.value}`;
export function decodeRef(value: string): AclRefInput {
  const bar = value.indexOf('|');
  return { id: value.slice(0, bar) as AclRefInput['id'], value: value.slice(bar + 1) };
}

/**
 * The choices of a policy's sources and destinations, fed by the network's real tags (Pro), nodes, egress
 * gateways' ranges, users and groups (Pro). Sources of a device policy are tags, nodes and egress ranges, of a user
 * policy users and groups; destinations are tags, nodes and egress ranges. A policy being edited keeps its own
 * references (a removed node, say) among the choices.
 */
export function usePolicyOptions(networkId: string, isPro: boolean, policy: Acl | undefined) {
  const { t } = useTranslation('access');
  const tags = useTags(networkId, isPro);
  const { members } = useNetworkMembers(networkId);
  // User policies are Pro; a community server is not asked for its users here.
  const users = useQuery({ ...usersQueryOptions(), enabled: isPro });
  const groups = useGroups(isPro);
  return useMemo(() => {
    const tagItems = (tags.data ?? []).map((tag) => ({ value: `tag|${tag.id}`, label: tag.tag_name }));
    const nodeItems = members.map((m) => ({ value: `device|${m.id}`, label: m.name }));
    // Every range the network's egress gateways route, once, with the gateways that route it.
    const gatewaysOf = new Map<string, string[]>();
    for (const m of members)
      for (const range of m.egressRanges)
        (gatewaysOf.get(range) ?? gatewaysOf.set(range, []).get(range)!).push(m.name);
    const rangeItems = [...gatewaysOf]
      .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
      .map(([range, gateways]) => ({
        value: `egress-range|${range}`,
        label: t('options.egressRangeVia', { range, gateways: gateways.join(', ') }),
      }));
    const resources: OptionGroup[] = [
      { group: t('options.all'), items: [{ value: 'tag|*', label: t('options.allResources') }] },
      { group: t('options.tags'), items: tagItems },
      { group: t('options.nodes'), items: nodeItems },
      { group: t('options.egressRanges'), items: rangeItems },
    ];
    const people: OptionGroup[] = [
      {
        group: t('options.all'),
        items: [
          { value: 'user|*', label: t('options.allUsers') },
          { value: 'user-group|*', label: t('options.allGroups') },
        ],
      },
      {
        group: t('options.groups'),
        items: (groups.data ?? []).map((g) => ({ value: `user-group|${g.id}`, label: g.name })),
      },
      {
        group: t('options.users'),
        items: (users.data ?? []).map((u) => ({ value: `user|${u.username}`, label: u.username })),
      },
    ];
    // References of the edited policy that no list above offers (a removed node, a range no gateway routes now).
    const known = new Set([...resources, ...people].flatMap((g) => g.items.map((i) => i.value)));
    const own = [...(policy?.src_type ?? []), ...(policy?.dst_type ?? [])]
      .map((ref) => ({ value: encodeRef(ref), label: ref.name || ref.value }))
      .filter((item) => !known.has(item.value));
    const withOwn = (list: OptionGroup[]) =>
      [...list, { group: t('options.current'), items: own }].filter((g) => g.items.length > 0);
    return {
      sources: (type: PolicyType) => withOwn(type === 'user-policy' ? people : resources),
      destinations: withOwn(resources),
    };
  }, [t, tags.data, members, users.data, groups.data, policy]);
}
