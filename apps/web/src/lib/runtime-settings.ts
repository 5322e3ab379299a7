/**
 * The settings the server that serves the console writes into index.html as a meta element
 * (apps/server/src/plugins/console-settings.ts), so one build serves the self-hosted and the hosted edition and
 * the operator's support chat and analytics cost no request. Read once, before the router starts; plain checks
 * rather than zod, since the boot chunk carries no schema library. A console not served by a Meshdeck server (the
 * Vite dev server, a test) gets everything off.
 */
export interface RuntimeSettings {
  isHosted: boolean;
  accountSiteUrl: string;
  supportChat: { scriptUrl: string; appId: string; hostedHost: string } | null;
  analytics: { scriptUrl: string; key: string; apiUrl: string } | null;
  /** The operator's issue tracker for the crash screen's bug report; empty means the project's own. */
  bugTrackerUrl: string;
}

export const RUNTIME_SETTINGS_META_NAME = 'meshdeck-console';

export const DEFAULT_RUNTIME_SETTINGS: RuntimeSettings = {
  isHosted: false,
  accountSiteUrl: '',
  supportChat: null,
  analytics: null,
  bugTrackerUrl: '',
};

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** Only http(s) URLs are taken: a script URL is loaded as code. */
const httpUrl = (value: unknown): string => {
  const url = text(value);
  return /^https?:\/\//.test(url) && URL.canParse(url) ? url : '';
};

/** Reads the settings out of the meta element's JSON; anything malformed counts as off. */
export function parseRuntimeSettings(content: string | null | undefined): RuntimeSettings {
  if (!content) return DEFAULT_RUNTIME_SETTINGS;
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return DEFAULT_RUNTIME_SETTINGS;
  }
  if (!isObject(raw)) return DEFAULT_RUNTIME_SETTINGS;
  const chat = isObject(raw.support_chat) ? raw.support_chat : null;
  const analytics = isObject(raw.analytics) ? raw.analytics : null;
  const chatScript = httpUrl(chat?.script_url);
  const analyticsScript = httpUrl(analytics?.script_url);
  return {
    isHosted: raw.hosted === true,
    accountSiteUrl: httpUrl(raw.account_site_url).replace(/\/+$/, ''),
    supportChat:
      chat && chatScript && text(chat.app_id)
        ? {
            scriptUrl: chatScript,
            appId: text(chat.app_id),
            hostedHost: text(chat.hosted_host).toLowerCase(),
          }
        : null,
    analytics:
      analytics && analyticsScript && text(analytics.key)
        ? {
            scriptUrl: analyticsScript,
            key: text(analytics.key),
            apiUrl: httpUrl(analytics.api_url) || new URL(analyticsScript).origin,
          }
        : null,
    bugTrackerUrl: httpUrl(raw.bug_tracker_url).replace(/\/+$/, ''),
  };
}

/** The settings of this page, read from the document once. */
export const runtimeSettings: RuntimeSettings =
  typeof document === 'undefined'
    ? DEFAULT_RUNTIME_SETTINGS
    : parseRuntimeSettings(
        document.querySelector(`meta[name="${RUNTIME_SETTINGS_META_NAME}"]`)?.getAttribute('content'),
      );
