import {
  IconActivity,
  IconAffiliate,
  IconBinaryTree,
  IconBell,
  IconChartBar,
  IconChartLine,
  IconDeviceDesktop,
  IconDevices,
  IconHandFinger,
  IconInfoCircle,
  IconKey,
  IconLayoutDashboard,
  IconListCheck,
  IconNetwork,
  IconPalette,
  IconPlugConnected,
  IconRoute,
  IconServer,
  IconShieldLock,
  IconTags,
  IconTopologyStar3,
  IconUser,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
  IconWorld,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';

/**
 * Every page's icon under one key; the same key names its translations (`pages:{key}.title` ...), so the
 * sidebar, the page headers and the placeholder pages always agree.
 */
export const PAGE_ICONS = {
  dashboard: IconLayoutDashboard,
  devices: IconDevices,
  keys: IconKey,
  activity: IconActivity,
  branding: IconPalette,
  users: IconUsers,
  clients: IconDeviceDesktop,
  networks: IconNetwork,
  profile: IconUserCircle,
  hello: IconHandFinger,
  createNetworkRole: IconShieldLock,
  networkRole: IconShieldLock,
  createGroup: IconUsersGroup,
  group: IconUsersGroup,
  platformRole: IconUser,
  nodes: IconServer,
  'remote-access': IconPlugConnected,
  relays: IconRoute,
  egress: IconWorld,
  'internet-gateways': IconWorldWww,
  dns: IconAffiliate,
  graph: IconTopologyStar3,
  metrics: IconChartLine,
  info: IconInfoCircle,
  'access-control': IconListCheck,
  'old-acls': IconBinaryTree,
  'tag-manager': IconTags,
  analytics: IconChartBar,
  alerts: IconBell,
} satisfies Record<string, Icon>;

export type PageKey = keyof typeof PAGE_ICONS;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Which page a route shows; names its icon and its `pages:` translations (the Pro upgrade view reads it). */
    page?: PageKey;
  }
}

/** Draws a page's icon at the given size. */
export function PageIcon({ page, size = 22 }: { page: PageKey; size?: number }) {
  const PageIconComponent = PAGE_ICONS[page];
  return <PageIconComponent size={size} stroke={1.6} />;
}
