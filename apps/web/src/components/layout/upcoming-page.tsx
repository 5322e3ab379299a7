import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageIcon, type PageKey } from './page-catalog.tsx';
import { pageCrumbs } from './page-crumbs.ts';
import { PageHeader } from './page-header.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Which page a route shows; names its icon and its `pages:` translations. */
    page?: PageKey;
  }
}

/**
 * A page whose feature is not built yet: its real header and an honest explanation of what will appear
 * there, never placeholder data. The route names the page through `staticData.page`.
 */
export function UpcomingPage() {
  const { t } = useTranslation('pages');
  const match = useMatches({ select: (matches) => matches[matches.length - 1] });
  const page = match?.staticData.page ?? 'dashboard';
  const networkId = (match?.params as { networkId?: string } | undefined)?.networkId;
  const title = t(`${page}.title`);

  const breadcrumbs = pageCrumbs(t, page, networkId);

  return (
    <>
      <PageHeader
        title={title}
        description={t(`${page}.description`)}
        icon={<PageIcon page={page} />}
        breadcrumbs={breadcrumbs}
      />
      <EmptyState
        icon={<PageIcon page={page} size={28} />}
        title={t('upcoming.title')}
        description={t(`${page}.upcoming`, { defaultValue: t('upcoming.soon') })}
      />
    </>
  );
}
