import { Card, Stack } from '@mantine/core';
import { IconDevicesPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AddHostWizard } from './components/add-host-wizard.tsx';
import { PageHeader } from '@/components/layout/page-header.tsx';
import { paths } from '@/lib/paths.ts';

/** /hosts-new: the new-device wizard as a page (features §3.7); done goes to the devices list. */
export function NewHostPage() {
  const { t } = useTranslation('devices');
  const navigate = useNavigate();
  return (
    <Stack p="md" gap="md">
      <PageHeader
        title={t('wizard.title')}
        description={t('wizard.description')}
        icon={<IconDevicesPlus size={24} />}
        breadcrumbs={[{ label: t('viewAll'), href: paths.devices() }, { label: t('wizard.title') }]}
      />
      <Card withBorder radius="md" padding="lg">
        <AddHostWizard onDone={() => void navigate({ to: paths.devices() })} />
      </Card>
    </Stack>
  );
}
