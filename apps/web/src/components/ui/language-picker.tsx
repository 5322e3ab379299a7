import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLanguage, SUPPORTED_LANGUAGES } from '@/i18n/index.ts';

/**
 * Chooses the console language; i18n/index.ts loads the translation and remembers the choice. A native
 * select keeps the sign-in page free of the popover engine a custom menu would pull in.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <NativeSelect
      aria-label={t('language')}
      leftSection={<IconLanguage size={16} stroke={1.6} />}
      value={isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en'}
      onChange={(event) => void i18n.changeLanguage(event.currentTarget.value)}
      data={SUPPORTED_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
      w={140}
    />
  );
}
