import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/i18n/index.ts';
import { userLanguage } from '@/i18n/language-chunks.ts';
import { useSession } from '@/lib/session.ts';

/**
 * The console language and its setter for the signed-in user. When someone signs in, the language they chose
 * earlier in this browser comes back (i18n/index.ts records each change for the signed-in user).
 */
export function useUserLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const username = useSession((state) => state.username);
  useEffect(() => {
    const chosen = userLanguage(username);
    if (chosen && chosen !== i18n.resolvedLanguage) void i18n.changeLanguage(chosen);
  }, [username, i18n]);
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return [current, (language) => void i18n.changeLanguage(language)];
}
