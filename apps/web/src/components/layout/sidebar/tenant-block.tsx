import { UI_VERSION } from '@meshdeck/contracts';
import { Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatVersion } from '@/lib/format.ts';
import { UpgradeDialog } from './upgrade-dialog.tsx';

export interface TenantBlockProps {
  isPro: boolean;
  serverVersion: string;
  isCollapsed: boolean;
}

/** Edition, console version and server version (spec §2 "Sidebar"); "Community" opens the upgrade dialog. */
export function TenantBlock({ isPro, serverVersion, isCollapsed }: TenantBlockProps) {
  const { t } = useTranslation('shell');
  const [isUpgradeOpen, upgrade] = useDisclosure(false);
  const edition = isPro ? (
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
  return (
    <Stack
      gap={2}
      align={isCollapsed ? 'center' : 'flex-start'}
      px={isCollapsed ? 0 : 'xs'}
      data-testid="tenant-block"
    >
      {edition}
      {!isCollapsed && (
        <>
          <Text fz="xs" c="dimmed">
            {t('tenant.uiVersion')} <span>{formatVersion(UI_VERSION)}</span>
          </Text>
          <Text fz="xs" c="dimmed">
            {t('tenant.serverVersion')}{' '}
            <span>{serverVersion ? formatVersion(serverVersion) : t('tenant.unknown')}</span>
          </Text>
        </>
      )}
      <UpgradeDialog opened={isUpgradeOpen} onClose={upgrade.close} />
    </Stack>
  );
}
