import { IconMoon, IconSun } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setColorScheme, storedColorScheme } from '@/lib/color-scheme.ts';
import classes from './public-controls.module.css';

/**
 * Flips between the dark (default) and light themes. It works without Mantine's provider (the sign-in page has
 * none, decision 016) and keeps the choice where Mantine's colour-scheme manager reads it.
 */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [scheme, setScheme] = useState(storedColorScheme);
  const isDark = scheme === 'dark';
  const label = isDark ? t('switchToLight') : t('switchToDark');
  return (
    // A plain button with a native title: the same hint, without Mantine's ActionIcon on the sign-in page.
    <button
      type="button"
      className={`${classes.control} ${classes.icon}`}
      aria-label={label}
      title={label}
      onClick={() => {
        const next = isDark ? 'light' : 'dark';
        setColorScheme(next);
        setScheme(next);
      }}
    >
      {isDark ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
    </button>
  );
}
