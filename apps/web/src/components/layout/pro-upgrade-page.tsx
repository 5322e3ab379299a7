import { Paper, Stack, Title } from '@mantine/core';
import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageIcon } from './page-catalog.tsx';
import { pageCrumbs } from './page-crumbs.ts';
import { PageHeader } from './page-header.tsx';
import { ProFeatures } from './pro-features.tsx';

/** A Pro page opened on a community server: the page's own header, then what Pro adds and how to enable it. */
export function ProUpgradePage() {
  const { t } = useTranslation('pages');
  const match = useMatches({ select: (matches) => matches[matches.length - 1] });
  const page = match?.staticData.page ?? 'dashboard';
  const networkId = (match?.params as { networkId?: string } | undefined)?.networkId;
  const title = t(`${page}.title`);
  return (
    <>
      <PageHeader
        title={title}
        description={t(`${page}.description`)}
        icon={<PageIcon page={page} />}
        breadcrumbs={pageCrumbs(t, page, networkId)}
      />
      <Paper withBorder p="lg" maw={640} data-testid="pro-upgrade">
        <Stack>
          <Title order={2} fz="lg">
            {t('upgrade.pageTitle', { ns: 'shell', page: title })}
          </Title>
          <ProFeatures />
        </Stack>
      </Paper>
    </>
  );
}
