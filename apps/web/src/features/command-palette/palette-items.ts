import type { PageKey } from '@/components/layout/page-catalog.tsx';
import { networkNavItems, topNavItems } from '@/components/layout/nav-items.ts';
import { paths } from '@/lib/paths.ts';

export type PaletteGroup = 'actions' | 'pages' | 'networks' | 'devices';
export type PaletteAction = 'createNetwork' | 'createKey';

/** One thing the palette offers: a place to go or an action to run. */
export interface PaletteItem {
  id: string;
  group: PaletteGroup;
  label: string;
  /** Extra words that match (a network's range, a device's address) and are shown dimmed. */
  hint: string;
  page: PageKey;
  run: { href: string } | { action: PaletteAction };
}

export interface PaletteSources {
  /** Translates a page key or an action into its label. */
  pageTitle: (page: PageKey) => string;
  actionLabel: (action: PaletteAction | 'addDevice') => string;
  isAdmin: boolean;
  isPro: boolean;
  networks: readonly { netId: string; addressRange: string }[];
  hosts: readonly { id: string; name: string; address: string }[];
}

const TOP_PAGES_EXTRA: PageKey[] = ['networks', 'clients', 'activity', 'profile'];

/**
 * Everything the palette can jump to or run: actions (admins only, as the server would refuse others), the
 * top-level pages, each network and each of its sections, and each device.
 */
export function paletteItems(sources: PaletteSources): PaletteItem[] {
  const { pageTitle, actionLabel } = sources;
  const items: PaletteItem[] = [];
  if (sources.isAdmin) {
    items.push(
      {
        id: 'action:create-network',
        group: 'actions',
        label: actionLabel('createNetwork'),
        hint: '',
        page: 'networks',
        run: { action: 'createNetwork' },
      },
      {
        id: 'action:create-key',
        group: 'actions',
        label: actionLabel('createKey'),
        hint: '',
        page: 'keys',
        run: { action: 'createKey' },
      },
      {
        id: 'action:add-device',
        group: 'actions',
        label: actionLabel('addDevice'),
        hint: '',
        page: 'devices',
        run: { href: paths.newHost() },
      },
    );
  }
  const topPages: PageKey[] = [...topNavItems(sources.isAdmin), ...TOP_PAGES_EXTRA];
  for (const page of topPages) {
    const href = page === 'profile' ? paths.profile() : `/${page}`;
    items.push({ id: `page:${page}`, group: 'pages', label: pageTitle(page), hint: '', page, run: { href } });
  }
  const sections = networkNavItems(sources.isPro);
  for (const network of sources.networks) {
    items.push({
      id: `network:${network.netId}`,
      group: 'networks',
      label: network.netId,
      hint: network.addressRange,
      page: 'networks',
      run: { href: paths.network(network.netId) },
    });
    for (const section of sections.filter((s) => s !== 'nodes')) {
      items.push({
        id: `network:${network.netId}:${section}`,
        group: 'networks',
        label: `${network.netId} › ${pageTitle(section)}`,
        hint: '',
        page: section,
        run: { href: paths.network(network.netId, section) },
      });
    }
  }
  for (const host of sources.hosts) {
    items.push({
      id: `host:${host.id}`,
      group: 'devices',
      label: host.name,
      hint: host.address,
      page: 'devices',
      run: { href: paths.host(host.id) },
    });
  }
  return items;
}

/**
 * The items whose label or hint holds every word of the query (case-insensitive), best first: a label that
 * starts with the query, then the rest in their order; at most `limit`. An empty query shows actions and pages.
 */
export function filterItems(items: readonly PaletteItem[], query: string, limit = 50): PaletteItem[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0)
    return items.filter((item) => item.group === 'actions' || item.group === 'pages').slice(0, limit);
  const starts: PaletteItem[] = [];
  const contains: PaletteItem[] = [];
  const whole = query.trim().toLowerCase();
  for (const item of items) {
    const text = `${item.label} ${item.hint}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) continue;
    (item.label.toLowerCase().startsWith(whole) ? starts : contains).push(item);
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}
