import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The spinner a lazy page shows while its chunk loads (spec §2: pages load lazily with a spinner). */
export function CenteredLoader({ fullHeight = true }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullHeight ? '100dvh' : 240} role="status" aria-label={t('loading')}>
      <Loader type="oval" />
    </Center>
  );
}
