import { Alert, Anchor, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '@/lib/constants.ts';
import type { ServerHealthState } from '@/lib/server-status.ts';
import { HealthProblemItem } from './health-problem-item.tsx';
import { RestartServerButton } from './restart-server-button.tsx';
import { isTrialEnded, listHealthProblems } from './server-health.ts';

/** Above the sidebar, pages and their own dialogs: nothing else should be clickable while the server is down. */
const HEALTH_Z_INDEX = 900;

/** Who to ask: the admin always, the support address when the build configured one. */
function ContactAdvice() {
  const { t } = useTranslation(['shell', 'error']);
  return (
    <Stack gap={4}>
      <Text fz="sm">{t('error:contactAdmin')}</Text>
      {SUPPORT_EMAIL && (
        <Text fz="sm">
          {t('serverHealth.support')} <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
        </Text>
      )}
    </Stack>
  );
}

/**
 * The server-health dialog (spec §2 "Dialogs", §4 "Server-health dialog") over a full-screen overlay. It cannot
 * be dismissed: it goes away by itself once the status poll reports the server healthy again.
 */
export function ServerHealthDialog({ status }: { status: ServerHealthState }) {
  const { t } = useTranslation(['shell', 'common', 'error']);
  const product = t('common:appName');
  const isTrialOver = isTrialEnded(status);

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      zIndex={HEALTH_Z_INDEX}
      overlayProps={{ backgroundOpacity: 0.85, blur: 4 }}
      title={isTrialOver ? t('serverHealth.trialEndedTitle') : t('serverHealth.title', { product })}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {isTrialOver ? (
        <Stack>
          <Text>{t('serverHealth.trialEndedText', { product })}</Text>
          <ContactAdvice />
        </Stack>
      ) : (
        <Stack>
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('error:serverMalfunction')}>
            {t('serverHealth.intro', { product })}
          </Alert>
          <List type="ordered" spacing="sm" aria-label={t('serverHealth.problems')}>
            {listHealthProblems(status).map((problem) => (
              <HealthProblemItem key={problem} problem={problem} />
            ))}
          </List>
          <ContactAdvice />
          <Text fz="sm" c="dimmed">
            {t('serverHealth.recovers')}
          </Text>
          {/* A restart is a request to the server: offered only while the server answers. */}
          {status.isNetworkHealthy && (
            <Group justify="flex-end">
              <RestartServerButton />
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
