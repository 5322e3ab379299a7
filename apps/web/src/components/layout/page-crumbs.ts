import type { TFunction } from 'i18next';
import { paths } from '@/lib/paths.ts';
import type { PageKey } from './page-catalog.tsx';
import type { Crumb } from './page-header.tsx';

const USER_SUBPAGES: readonly PageKey[] = [
  'createNetworkRole',
  'networkRole',
  'createGroup',
  'group',
  'platformRole',
];

/**
 * The breadcrumb of a page known only by its key (placeholder and upgrade pages): Networks > the network (its
 * name as stored) for network sections, Users for the people pages, else Dashboard. `t` reads `pages:`.
 */
export function pageCrumbs(t: TFunction<'pages'>, page: PageKey, networkId?: string): Crumb[] {
  const title = t(`${page}.title`);
  if (networkId)
    return [
      { label: t('networks.title'), href: paths.networks() },
      { label: networkId, href: paths.network(networkId) },
      { label: title },
    ];
  return USER_SUBPAGES.includes(page)
    ? [{ label: t('users.title'), href: paths.users() }, { label: title }]
    : [{ label: t('dashboard.title'), href: paths.dashboard() }, { label: title }];
}
