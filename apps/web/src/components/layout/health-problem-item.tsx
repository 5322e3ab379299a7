import { Anchor, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LICENSE_DASHBOARD_URL, PRO_SETUP_DOCS_URL } from '@/lib/constants.ts';
import type { HealthProblem } from './server-health.ts';

const externalLink = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The billing problem carries links, so it is more than one sentence. */
function BillingProblem() {
  const { t } = useTranslation(['shell', 'error']);
  return (
    <>
      <Text fw={600}>{t('error:billing')}</Text>
      <Text fz="sm">
        {t('error:billingCheck')}{' '}
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
  const { t } = useTranslation('shell');
  return (
    <List.Item data-problem={problem}>
      {problem === 'billing' ? (
        <BillingProblem />
      ) : (
        <>
          <Text fw={600}>{t(`serverHealth.${problem}Title`)}</Text>
          <Text fz="sm">{t(`serverHealth.${problem}`)}</Text>
        </>
      )}
    </List.Item>
  );
}
