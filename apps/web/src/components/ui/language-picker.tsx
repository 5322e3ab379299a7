import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, SUPPORTED_LANGUAGES } from '@/i18n/index.ts';
import classes from './public-controls.module.css';

/**
 * Chooses the console language; i18n/index.ts loads the translation and remembers the choice. A native
 * select in plain elements keeps the sign-in page free of Mantine's input components.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <span className={classes.select}>
      <IconLanguage size={16} stroke={1.6} aria-hidden />
      <select
        className={classes.control}
        aria-label={t('language')}
        value={isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'}
        onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {t(`languages.${language}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
