import {
  Avatar,
  Group,
  Menu,
  Switch,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconActivity, IconCheck, IconLogout, IconPalette, IconUserCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '@/i18n/index.ts';
import { useUserLanguage } from '@/components/ui/use-user-language.ts';
import { accountSiteLinks, IS_HOSTED } from '@/lib/hosted.ts';
import { useLogout } from '@/lib/logout.ts';
import { paths } from '@/lib/paths.ts';
import { runtimeSettings } from '@/lib/runtime-settings.ts';
import { useSession } from '@/lib/session.ts';

/**
 * The account row (spec §2 "Footer"): Manage Account, the Dark theme switch, the language (issue 30) and Logout. The avatar shows
 * initials drawn locally; the username is never sent to an avatar service (features §6.7).
 */
export function UserMenu({ isCollapsed, isPro = false }: { isCollapsed: boolean; isPro?: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const [language, setLanguage] = useUserLanguage();
  const username = useSession((state) => state.username) ?? '';
  const isAdmin = useSession((state) => state.user?.isAdmin ?? false);
  const navigate = useNavigate();
  const logout = useLogout();
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('dark') === 'dark';
  const initials = username.slice(0, 2).toUpperCase();
  // Hosted accounts live on the account site (spec §2 "Footer"); self-hosted ones on the profile page.
  const accountSite = IS_HOSTED ? accountSiteLinks(runtimeSettings.accountSiteUrl, null).account : '';

  return (
    <Menu
      position={isCollapsed ? 'right-end' : 'top-start'}
      width={220}
      withinPortal
      shadow="md"
      closeOnItemClick
    >
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.open', { username })} w="100%" p={4}>
          <Group gap="sm" wrap="nowrap" justify={isCollapsed ? 'center' : 'flex-start'}>
            <Avatar radius="xl" size={32} color="brand">
              {initials}
            </Avatar>
            {!isCollapsed && (
              <Text fz="sm" fw={500} truncate>
                {username}
              </Text>
            )}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{username}</Menu.Label>
        {accountSite ? (
          <Menu.Item
            component="a"
            href={accountSite}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconUserCircle size={16} />}
          >
            {t('userMenu.manageAccount')}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconUserCircle size={16} />}
            onClick={() => void navigate({ href: paths.profile() })}
          >
            {t('userMenu.manageAccount')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconActivity size={16} />}
          onClick={() => void navigate({ href: paths.activity() })}
        >
          {t('userMenu.activity')}
        </Menu.Item>
        {isPro && isAdmin ? (
          <Menu.Item
            leftSection={<IconPalette size={16} />}
            onClick={() => void navigate({ href: paths.branding() })}
          >
            {t('userMenu.branding')}
          </Menu.Item>
        ) : null}
        <Menu.Item closeMenuOnClick={false} component="div">
          <Switch
            label={t('userMenu.darkTheme')}
            checked={isDark}
            onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
          />
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label id="user-menu-language">{t('common:language')}</Menu.Label>
        {SUPPORTED_LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            aria-current={code === language ? 'true' : undefined}
            lang={code}
            leftSection={
              <IconCheck size={16} style={{ visibility: code === language ? 'visible' : 'hidden' }} />
            }
            onClick={() => setLanguage(code)}
          >
            {t(`common:languages.${code}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
