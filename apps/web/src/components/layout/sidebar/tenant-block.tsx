import { UI_VERSION } from '@meshdeck/contracts';
import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowUpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { useUpgradeCheck } from '@/lib/api/upgrade-check.ts';
import { formatVersion } from '@/lib/format.ts';
import { accountSiteLinks, IS_HOSTED } from '@/lib/hosted.ts';
import { runtimeSettings } from '@/lib/runtime-settings.ts';
import { useSession } from '@/lib/session.ts';
import { NewVersionDialog } from './new-version-dialog.tsx';
import classes from './sidebar.module.css';
import { UpgradeDialog } from './upgrade-dialog.tsx';

export interface TenantBlockProps {
  /** Undefined until the server has said: a skeleton, never a guessed edition. */
  isPro: boolean | undefined;
  /** Undefined until the server has said; '' when it does not report a version ("unknown"). */
  serverVersion: string | undefined;
  isCollapsed: boolean;
}

/**
 * Edition, console version and server version (spec §2 "Sidebar"); "Community" opens the upgrade dialog. A
 * self-hosted server with a newer release in its feed shows a pulsing update icon that opens the New Version
 * dialog (spec §4 "Upgrade check"); a hosted console shows the tenant's id (copied on click) and the
 * manage-tenant link instead, and never the upgrade check.
 */
export function TenantBlock({ isPro, serverVersion, isCollapsed }: TenantBlockProps) {
  const { t } = useTranslation('shell');
  const [isUpgradeOpen, upgrade] = useDisclosure(false);
  const [isNewVersionOpen, newVersion] = useDisclosure(false);
  const tenantId = useSession((state) => state.tenantId);
  const upgradeCheck = useUpgradeCheck(!IS_HOSTED).data;
  const newer = upgradeCheck?.enabled && upgradeCheck.is_newer ? upgradeCheck : undefined;
  const links = accountSiteLinks(runtimeSettings.accountSiteUrl, tenantId);
  const edition =
    isPro === undefined ? (
      <span
        className={classes.skeleton}
        style={{ width: isCollapsed ? 24 : 72 }}
        data-testid="edition-pending"
      />
    ) : isPro ? (
      <Badge color="brand" variant="filled" size={isCollapsed ? 'xs' : 'sm'}>
        {t('tenant.pro')}
      </Badge>
    ) : (
      <UnstyledButton onClick={upgrade.open} aria-label={t('tenant.communityUpgrade')}>
        <Badge color="gray" variant="light" size={isCollapsed ? 'xs' : 'sm'} style={{ cursor: 'pointer' }}>
          {isCollapsed ? t('tenant.communityShort') : t('tenant.community')}
        </Badge>
      </UnstyledButton>
    );
  const updateLabel = newer ? t('tenant.newVersion', { version: formatVersion(newer.latest_version) }) : '';
  return (
    <Stack
      gap={2}
      align={isCollapsed ? 'center' : 'flex-start'}
      px={isCollapsed ? 0 : 'xs'}
      data-testid="tenant-block"
    >
      <Group gap={4} wrap="nowrap">
        {edition}
        {newer && (
          <Tooltip label={updateLabel} withArrow>
            <ActionIcon
              variant="subtle"
              color="brand"
              size="sm"
              className={classes.pulse}
              onClick={newVersion.open}
              aria-label={updateLabel}
            >
              <IconArrowUpCircle size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {!isCollapsed && (
        <>
          <Text fz="xs" c="dimmed">
            {t('tenant.uiVersion')} <span>{formatVersion(UI_VERSION)}</span>
          </Text>
          <Text fz="xs" c="dimmed">
            {t('tenant.serverVersion')}{' '}
            {serverVersion === undefined ? (
              <span className={classes.skeleton} style={{ width: 48 }} data-testid="server-version-pending" />
            ) : (
              <span>{serverVersion ? formatVersion(serverVersion) : t('tenant.unknown')}</span>
            )}
          </Text>
          {IS_HOSTED && tenantId && (
            <Group gap={2} wrap="nowrap" data-testid="tenant-id">
              <Text fz="xs" c="dimmed" truncate maw={150}>
                {t('tenant.tenantId')} <span>{tenantId}</span>
              </Text>
              <CopyButton value={tenantId} label={t('tenant.copyTenantId')} />
            </Group>
          )}
          {IS_HOSTED && links.manageTenant && (
            <Anchor href={links.manageTenant} fz="xs" target="_blank" rel="noopener noreferrer">
              {t('tenant.manageTenant')}
            </Anchor>
          )}
        </>
      )}
      <UpgradeDialog opened={isUpgradeOpen} onClose={upgrade.close} />
      {newer && (
        <NewVersionDialog
          opened={isNewVersionOpen}
          onClose={newVersion.close}
          latestVersion={newer.latest_version}
          currentVersion={newer.current_version}
          isPro={isPro ?? false}
          releaseUrl={newer.release_url}
        />
      )}
    </Stack>
  );
}
