import { Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LICENSE_DASHBOARD_URL, PRO_SETUP_DOCS_URL } from '@/lib/constants.ts';
import { IS_HOSTED } from '@/lib/hosted.ts';
import type { HealthProblem } from './server-health.ts';

const externalLink = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The billing problem carries links, so it is more than one sentence. */
function BillingProblem() {
  const { t } = useTranslation(['shell', 'error']);
  return (
    <>
      <Text fw={600}>{t('error:billing')}</Text>
      <Text fz="sm">
        {t(IS_HOSTED ? 'error:billingCheck' : 'error:billingCheckSelfHosted')}{' '}
        {LICENSE_DASHBOARD_URL ? (
          <Anchor href={LICENSE_DASHBOARD_URL} {...externalLink}>
            {t('serverHealth.licenseDashboard')}
          </Anchor>
        ) : (
          t('serverHealth.licenseDashboard')
        )}
        .{' '}
        <Anchor href={PRO_SETUP_DOCS_URL} {...externalLink}>
          {t('serverHealth.proSetupDocs')}
        </Anchor>
      </Text>
      <Text fz="sm" c="dimmed">
        {t('serverHealth.billingLogs')}
      </Text>
    </>
  );
}

/** One problem of the server-health dialog, with the spec's wording (§8 "Health dialog texts"). */
export function HealthProblemItem({ problem }: { problem: HealthProblem }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <List.Item data-problem={problem}>
      {problem === 'billing' ? (
        <BillingProblem />
      ) : (
        <>
          <Text fw={600}>{t(`serverHealth.${problem}Title`)}</Text>
          <Text fz="sm">
            {/* A self-hosted server has no tenant: its address, certificate and DNS are the admin's own. */}
            {t(
              problem === 'network' && !IS_HOSTED
                ? 'serverHealth.networkSelfHosted'
                : `serverHealth.${problem}`,
              {
                product: t('common:appName'),
              },
            )}
          </Text>
        </>
      )}
    </List.Item>
  );
}
