import type { RuntimeSettings } from './runtime-settings.ts';

/** Marks the script elements this module adds, so they are found (and removed) again. */
export const WIDGET_SCRIPT_ATTRIBUTE = 'data-meshdeck-widget';

type Command = (command: string, options?: Record<string, unknown>) => void;
interface AnalyticsGlobal {
  init?: (key: string, options: Record<string, unknown>) => void;
  identify?: (id: string, properties: Record<string, unknown>) => void;
  reset?: () => void;
}
interface WidgetWindow {
  Intercom?: Command;
  intercomSettings?: Record<string, unknown>;
  posthog?: AnalyticsGlobal;
}
const widgetWindow = () => window as unknown as WidgetWindow;

/** Who is signed in, as the widgets may know it. */
export interface WidgetUser {
  username: string;
  /** The account site's user id in hosted mode; '' when self-hosted. */
  userId: string;
}

/**
 * Which widgets start for this session (spec §4 "Support chat"): only what the operator configured; the chat in
 * hosted mode only on its one hosted host, otherwise only on the community edition; analytics wherever it is
 * configured, identifying the user only in hosted mode.
 */
export function widgetPlan(
  settings: RuntimeSettings,
  context: { isHosted: boolean; isPro: boolean; host: string },
): { chat: RuntimeSettings['supportChat']; analytics: RuntimeSettings['analytics']; identify: boolean } {
  const chat = settings.supportChat;
  const isChatHere =
    chat !== null &&
    (context.isHosted
      ? chat.hostedHost !== '' && chat.hostedHost === context.host.toLowerCase()
      : !context.isPro);
  return { chat: isChatHere ? chat : null, analytics: settings.analytics, identify: context.isHosted };
}

/** Adds `<script async src>` once; resolves when it has run. The CSP allows exactly the configured origins. */
function loadScript(src: string): Promise<HTMLScriptElement> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.setAttribute(WIDGET_SCRIPT_ATTRIBUTE, '');
    script.addEventListener('load', () => resolve(script));
    script.addEventListener('error', () => reject(new Error(`could not load ${src}`)));
    document.head.appendChild(script);
  });
}

/**
 * Starts the support chat: a widget speaking the command API `Intercom('boot' | 'shutdown', settings)` (README
 * "Support chat and analytics"). Returns the shut-down for leaving the signed-in console.
 */
export function startSupportChat(
  chat: NonNullable<RuntimeSettings['supportChat']>,
  user: WidgetUser,
): () => void {
  const settings = {
    app_id: chat.appId,
    name: user.username,
    ...(user.userId ? { user_id: user.userId } : {}),
  };
  widgetWindow().intercomSettings = settings;
  let isLeft = false;
  const loaded = loadScript(chat.scriptUrl).then(
    (script) => {
      if (!isLeft) widgetWindow().Intercom?.('boot', settings);
      return script;
    },
    () => undefined,
  );
  return () => {
    isLeft = true;
    widgetWindow().Intercom?.('shutdown');
    delete widgetWindow().intercomSettings;
    void loaded.then((script) => script?.remove());
  };
}

/**
 * Starts product analytics: a script defining `posthog` with init, identify and reset. In hosted mode the user is
 * identified by the account site's user id with the username as the email property (spec §4).
 */
export function startAnalytics(
  analytics: NonNullable<RuntimeSettings['analytics']>,
  user: WidgetUser | null,
): () => void {
  let isLeft = false;
  const loaded = loadScript(analytics.scriptUrl).then(
    (script) => {
      const client = widgetWindow().posthog;
      if (isLeft || !client) return script;
      client.init?.(analytics.key, { api_host: analytics.apiUrl });
      if (user?.userId) client.identify?.(user.userId, { email: user.username });
      return script;
    },
    () => undefined,
  );
  return () => {
    isLeft = true;
    widgetWindow().posthog?.reset?.();
    void loaded.then((script) => script?.remove());
  };
}
