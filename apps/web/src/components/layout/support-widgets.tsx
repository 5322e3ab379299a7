import { useEffect } from 'react';
import { SUPPORT_CHAT_DELAY_MS } from '@/lib/constants.ts';
import { IS_HOSTED } from '@/lib/hosted.ts';
import { runtimeSettings, type RuntimeSettings } from '@/lib/runtime-settings.ts';
import { useSession } from '@/lib/session.ts';
import { STORAGE_KEYS, storage } from '@/lib/storage-keys.ts';
import { startAnalytics, startSupportChat, widgetPlan } from '@/lib/third-party-widgets.ts';

export interface SupportWidgetsProps {
  isPro: boolean;
  /** The edition is known (the first status answer is in): the chat's rule depends on it. */
  isLoaded: boolean;
  settings?: RuntimeSettings;
  isHosted?: boolean;
}

/**
 * The operator's support chat and analytics in the signed-in console (spec §4): nothing unless configured, then
 * loaded 2000 ms after sign-in so they never compete with the first page, and shut down on leaving (logout).
 */
export function SupportWidgets({
  isPro,
  isLoaded,
  settings = runtimeSettings,
  isHosted = IS_HOSTED,
}: SupportWidgetsProps) {
  const username = useSession((state) => state.username) ?? '';
  useEffect(() => {
    if (!isLoaded || username === '') return undefined;
    const plan = widgetPlan(settings, { isHosted, isPro, host: window.location.hostname });
    if (!plan.chat && !plan.analytics) return undefined;
    const user = { username, userId: isHosted ? (storage.get(STORAGE_KEYS.amuiUserId) ?? '') : '' };
    const stops: (() => void)[] = [];
    const timer = setTimeout(() => {
      if (plan.chat) stops.push(startSupportChat(plan.chat, user));
      if (plan.analytics) stops.push(startAnalytics(plan.analytics, plan.identify ? user : null));
    }, SUPPORT_CHAT_DELAY_MS);
    return () => {
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [isLoaded, isPro, username, settings, isHosted]);
  return null;
}
