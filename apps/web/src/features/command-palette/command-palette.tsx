import { Group, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateKeyDialog } from '@/features/keys/keys.public.ts';
import { PageIcon } from '@/components/layout/page-catalog.tsx';
import { hostsQueryOptions } from '@/lib/api/get-hosts.ts';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';
import { useNetworks } from '@/lib/networks-query.ts';
import { paths } from '@/lib/paths.ts';
import { useIsPlatformAdmin } from '@/lib/permissions.ts';
import { serverStatusQueryKey, type ServerHealthState } from '@/lib/server-status.ts';
import { filterItems, paletteItems, type PaletteItem } from './palette-items.ts';
import classes from './command-palette.module.css';

/**
 * The command palette (Ctrl/Cmd-K): type to jump to any page, network, network section or device, or to run an
 * action (create a network, create an enrollment key, add a device). Loaded on the first Ctrl-K
 * (routes/protected-shell.tsx), so no first screen carries it.
 */
export function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['palette', 'pages', 'common']);
  const navigate = useNavigate();
  const isAdmin = useIsPlatformAdmin();
  const queryClient = useQueryClient();
  const isPro = queryClient.getQueryData<ServerHealthState>(serverStatusQueryKey)?.isPro ?? false;
  const networksQuery = useNetworks();
  const networks = networksQuery.data;
  // Devices are read only while the palette is open; the list is the shared one the devices page uses.
  const hostsQuery = useQuery({ ...hostsQueryOptions(), enabled: opened && isAdmin });
  const hosts = hostsQuery.data;
  // A search with no match while networks or devices are still read may match them once they arrive.
  const isReading = networksQuery.isLoading || hostsQuery.isLoading;
  const openCreateNetwork = useCreateNetworkDialog((state) => state.open);
  const [isCreatingKey, setIsCreatingKey] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const deferredQuery = useDeferredValue(query);

  const items = useMemo(
    () =>
      paletteItems({
        pageTitle: (page) => t(`pages:${page}.title`),
        actionLabel: (action) => t(`palette:actions.${action}`),
        isAdmin,
        isPro,
        networks: networks ?? [],
        hosts: (hosts ?? []).map((host) => ({ id: host.id, name: host.name, address: host.endpoint })),
      }),
    [t, isAdmin, isPro, networks, hosts],
  );
  const shown = useMemo(() => filterItems(items, deferredQuery), [items, deferredQuery]);
  const activeIndex = Math.min(active, Math.max(shown.length - 1, 0));

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };
  const run = (item: PaletteItem) => {
    close();
    if ('href' in item.run) void navigate({ href: item.run.href });
    else if (item.run.action === 'createNetwork') openCreateNetwork();
    else setIsCreatingKey(true);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + shown.length) % Math.max(shown.length, 1));
    } else if (event.key === 'Enter' && shown[activeIndex]) {
      event.preventDefault();
      run(shown[activeIndex]);
    }
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        withCloseButton={false}
        padding={0}
        size="lg"
        yOffset="10vh"
        // The title names the dialog for assistive technology; the search field is its visible head.
        title={t('palette:title')}
        styles={{ header: { display: 'none' } }}
      >
        <TextInput
          data-autofocus
          size="md"
          variant="unstyled"
          px="md"
          leftSection={<IconSearch size={18} />}
          placeholder={t('palette:placeholder')}
          aria-label={t('palette:placeholder')}
          role="combobox"
          aria-expanded
          aria-controls="command-palette-list"
          aria-activedescendant={shown[activeIndex] ? `palette-${activeIndex}` : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={handleKeyDown}
        />
        <ScrollArea.Autosize mah="50vh" className={classes.list}>
          <Stack gap={0} p={4} id="command-palette-list" role="listbox" aria-label={t('palette:title')}>
            {shown.length === 0 && (
              <Text c="dimmed" ta="center" py="lg" size="sm" role={isReading ? 'status' : undefined}>
                {isReading ? t('common:loading') : t('palette:empty')}
              </Text>
            )}
            {shown.map((item, index) => (
              <UnstyledButton
                key={item.id}
                id={`palette-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                className={classes.item}
                data-active={index === activeIndex || undefined}
                onMouseEnter={() => setActive(index)}
                onClick={() => run(item)}
              >
                <Group gap="sm" wrap="nowrap">
                  <PageIcon page={item.page} size={18} />
                  <Text size="sm" truncate>
                    {item.label}
                  </Text>
                  {item.hint && (
                    <Text size="xs" c="dimmed" truncate>
                      {item.hint}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" ml="auto">
                    {t(`palette:groups.${item.group}`)}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Group gap="xs" px="md" py={6} className={classes.footer}>
          <kbd className={classes.kbd}>↑</kbd>
          <kbd className={classes.kbd}>↓</kbd>
          <Text size="xs" c="dimmed">
            {t('palette:hintMove')}
          </Text>
          <kbd className={classes.kbd}>↵</kbd>
          <Text size="xs" c="dimmed">
            {t('palette:hintRun')}
          </Text>
        </Group>
      </Modal>
      <CreateKeyDialog
        opened={isCreatingKey}
        onClose={() => setIsCreatingKey(false)}
        onCreated={() => void navigate({ href: paths.keys() })}
      />
    </>
  );
}
