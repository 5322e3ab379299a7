import { IconBug, IconHome, IconMoodSad } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { buildBugReportUrl } from '@/lib/bug-report.ts';
import classes from './crash-screen.module.css';

/**
 * Shown when rendering throws (spec §2 "Crash screen"). It uses no router hooks so it also works when the
 * router itself is what broke, and "Back Home" reloads the page to start again from a clean state.
 */
export function CrashScreen({ error }: { error: unknown }) {
  const { t } = useTranslation('error');
  const route = `${window.location.pathname}${window.location.search}`;
  return (
    <div className={classes.screen}>
      <div className={classes.body}>
        <span className={classes.mark} aria-hidden>
          <IconMoodSad size={36} stroke={1.5} />
        </span>
        <h1 className={classes.title}>{t('crashTitle')}</h1>
        <p className={classes.text}>{t('crashText')}</p>
        <div className={classes.actions}>
          <a
            className={classes.action}
            href={buildBugReportUrl(route, error)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <IconBug size={16} aria-hidden />
            {t('fileBugReport')}
          </a>
          <a className={`${classes.action} ${classes.primary}`} href="/dashboard">
            <IconHome size={16} aria-hidden />
            {t('backHome')}
          </a>
        </div>
      </div>
    </div>
  );
}
