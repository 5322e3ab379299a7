import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './mesh-health.module.css';

/** The mesh health card while its first answer is on the way (decision 051): a status line and a skeleton, no zero. */
export function MeshHealthLoading() {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="lg">
      <Text role="status" fw={600} mb="md">
        {t('loading')}
      </Text>
      <span className={classes.skeleton} aria-hidden />
    </Card>
  );
}
