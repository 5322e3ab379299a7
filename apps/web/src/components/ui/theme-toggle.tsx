import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './public-controls.module.css';

/** Flips between the dark (default) and light themes; Mantine persists the choice under our storage key. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('dark') === 'dark';
  const label = isDark ? t('switchToLight') : t('switchToDark');
  return (
    // A plain button with a native title: the same hint, without Mantine's ActionIcon on the sign-in page.
    <button
      type="button"
      className={`${classes.control} ${classes.icon}`}
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(isDark ? 'light' : 'dark')}
    >
      {isDark ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
    </button>
  );
}
