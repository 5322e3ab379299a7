import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, SUPPORTED_LANGUAGES } from '@/i18n/index.ts';
import { useUserLanguage } from './use-user-language.ts';

/** The console language as a form field (profile page); remembered for the signed-in user. */
export function LanguageSelect() {
  const { t } = useTranslation('common');
  const [language, setLanguage] = useUserLanguage();
  return (
    <Select
      label={t('language')}
      data={SUPPORTED_LANGUAGES.map((value) => ({ value, label: t(`languages.${value}`) }))}
      value={language}
      onChange={(value) => {
        if (isLanguage(value)) setLanguage(value);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
