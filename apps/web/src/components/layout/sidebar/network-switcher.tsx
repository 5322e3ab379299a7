import type { Network } from '@meshdeck/contracts';
import { ActionIcon, Button, Menu, ScrollArea, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconChevronDown, IconList, IconNetwork, IconPlus } from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { paths, switchNetworkPath } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';

export interface NetworkSwitcherProps {
  networks: readonly Network[];
  activeNetworkId: string | null;
  isCollapsed: boolean;
}

/** Keeps long network lists usable on short screens: the list scrolls instead of running off the page. */
const LIST_MAX_HEIGHT = 'min(320px, 45dvh)';

/**
 * The network dropdown (spec §2 "Sidebar"): a Mantine Menu, so arrow keys, Enter and Escape work. Choosing a
 * network keeps the current section when the user is on a network page, otherwise opens its nodes page.
 */
export function NetworkSwitcher({ networks, activeNetworkId, isCollapsed }: NetworkSwitcherProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const setActiveNetwork = useSession((state) => state.setActiveNetwork);
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  const active = networks.find((network) => network.netId === activeNetworkId);
  const label = active ? active.displayName : t('switcher.choose');

  const handleChoose = (networkId: string) => {
    setActiveNetwork(networkId);
    void navigate({ href: switchNetworkPath(pathname, networkId) });
  };

  const target = isCollapsed ? (
    <Tooltip label={t('switcher.label', { network: label })} position="right" withArrow>
      <ActionIcon variant="light" size="xl" aria-label={t('switcher.label', { network: label })}>
        <IconNetwork size={20} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button
      variant="default"
      fullWidth
      justify="space-between"
      rightSection={<IconChevronDown size={16} />}
      leftSection={<IconNetwork size={16} />}
      aria-label={t('switcher.label', { network: label })}
    >
      <Text span truncate fz="sm" maw={150}>
        {label}
      </Text>
    </Button>
  );

  return (
    <Menu position={isCollapsed ? 'right-start' : 'bottom-start'} width={240} withinPortal shadow="md" loop>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown aria-label={t('switcher.menu')}>
        <Menu.Label>{t('switcher.networks')}</Menu.Label>
        <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto">
          {networks.map((network) => (
            <Menu.Item
              key={network.netId}
              onClick={() => handleChoose(network.netId)}
              rightSection={network.netId === activeNetworkId ? <IconCheck size={14} /> : null}
            >
              {network.displayName}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconList size={16} />}
          onClick={() => void navigate({ href: paths.networks() })}
        >
          {t('switcher.allNetworks')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={openCreateNetwork}>
          {t('switcher.newNetwork')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
