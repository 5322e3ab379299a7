import { Button, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIcon, type PageKey } from './page-catalog.tsx';
import { pageCrumbs } from './page-crumbs.ts';
import { PageHeader } from './page-header.tsx';

export interface NetworkListFrameProps {
  /** The page's key: its icon, title and description (`pages:<page>.*`). */
  page: PageKey;
  networkId: string;
  /** The add button's text; the button shows when `onAdd` is given (those who manage the network). */
  addLabel: string;
  onAdd?: () => void;
  /** The search box (kept in the URL by the page). */
  searchLabel: string;
  search: string | undefined;
  onSearch: (value: string) => void;
  /** The table and the page's dialogs. */
  children: ReactNode;
}

/**
 * A network section that is one searchable list (DNS entries, tags): the header with the network's breadcrumb
 * and the add button, the search box, then the page's table (which shows its own loading and load error) and
 * dialogs.
 */
export function NetworkListFrame(props: NetworkListFrameProps) {
  const { t: tPages } = useTranslation('pages');
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={tPages(`${props.page}.title`)}
        description={tPages(`${props.page}.description`)}
        icon={<PageIcon page={props.page} />}
        breadcrumbs={pageCrumbs(tPages, props.page, props.networkId)}
        actions={
          props.onAdd && (
            <Button leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
              {props.addLabel}
            </Button>
          )
        }
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={props.searchLabel}
        aria-label={props.searchLabel}
        value={props.search ?? ''}
        onChange={(event) => props.onSearch(event.currentTarget.value)}
        maw={360}
      />
      {props.children}
    </Stack>
  );
}
