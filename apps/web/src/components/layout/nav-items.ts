import type { NetworkSection } from '@/lib/paths.ts';

export type TopNavKey = 'dashboard' | 'devices' | 'users' | 'keys';

/** Spec §2/§6: Dashboard and Devices for everyone; Users and Keys only for platform admins. */
export function topNavItems(isAdmin: boolean): TopNavKey[] {
  return isAdmin ? ['dashboard', 'devices', 'users', 'keys'] : ['dashboard', 'devices'];
}

/** The per-network links in sidebar order; the Pro ones are marked. */
const NETWORK_NAV: ReadonlyArray<{ section: NetworkSection; isProOnly: boolean }> = [
  { section: 'nodes', isProOnly: false },
  { section: 'remote-access', isProOnly: false },
  { section: 'relays', isProOnly: true },
  { section: 'egress', isProOnly: false },
  { section: 'internet-gateways', isProOnly: true },
  { section: 'access-control', isProOnly: false },
  { section: 'tag-manager', isProOnly: true },
  { section: 'dns', isProOnly: false },
  { section: 'analytics', isProOnly: true },
  { section: 'alerts', isProOnly: true },
];

/** Spec §2: Nodes, Remote Access, Egress, Access Control and DNS always; Relays, Internet Gateways, Tag Manager, Analytics and Alerts on Pro. */
export function networkNavItems(isPro: boolean): NetworkSection[] {
  return NETWORK_NAV.filter((item) => isPro || !item.isProOnly).map((item) => item.section);
}
