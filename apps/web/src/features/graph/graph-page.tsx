import { Stack } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { pageCrumbs } from '@/components/layout/page-crumbs.ts';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { patchSearch } from '@/lib/patch-search.ts';
import { GraphPanel } from './graph-panel.tsx';
import type { GraphSearch } from './graph-search.ts';

const routeApi = getRouteApi('/_layout/networks/$networkId/graph');

/** /networks/{id}/graph: the network's topology, its selected node and direct-pairs switch kept in the URL. */
export function GraphPage() {
  const { t } = useTranslation('pages');
  const { networkId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={t('graph.title')}
        description={t('graph.description')}
        icon={<PageIcon page="graph" />}
        breadcrumbs={pageCrumbs(t, 'graph', networkId)}
      />
      <GraphPanel
        networkId={networkId}
        state={search}
        onStateChange={(patch) => void navigate({ search: patchSearch(patch), replace: true })}
      />
    </Stack>
  );
}

/**
 * The analytics page's Graph tab: the same panel, its selection kept while the tab is open. In this module, not
 * its own, so the route and the tab load one chunk (two importers would put the panel in the 'shared' chunk and
 * the graph libraries behind every page that loads it).
 */
export function GraphTab({ networkId }: { networkId: string }) {
  const [state, setState] = useState<GraphSearch>({});
  return (
    <GraphPanel
      networkId={networkId}
      state={state}
      onStateChange={(patch) => setState((previous) => ({ ...previous, ...patch }))}
      height="calc(100vh - 280px)"
    />
  );
}
