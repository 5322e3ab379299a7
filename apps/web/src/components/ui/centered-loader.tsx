import { useTranslation } from 'react-i18next';
import classes from './public-controls.module.css';

/**
 * The spinner a lazy page shows while its chunk loads (spec §2: pages load lazily with a spinner). A CSS
 * spinner: the router's default pending component is in the boot chunk every page, /login too, downloads.
 */
export function CenteredLoader({ fullHeight = true }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={classes.loader}
      style={{ height: fullHeight ? '100dvh' : 240 }}
      role="status"
      aria-label={t('loading')}
    >
      <span className={classes.spinner} />
    </div>
  );
}
