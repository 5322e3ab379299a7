import type { ConsoleConfig } from '../config-console.ts';

/** The console reads its runtime settings from this meta element (apps/web/src/lib/runtime-settings.ts). */
export const CONSOLE_SETTINGS_META_NAME = 'meshdeck-console';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * What the console needs to know before its first render, in snake_case like the wire: whether it is hosted
 * (the UI-version prefix, tenant block, account-site links) and the operator's support chat and analytics. One
 * build serves both editions; the server that serves it decides. Nothing secret: the chat app id and the analytics
 * key are public identifiers a browser must send anyway.
 */
export function consoleSettings(config: ConsoleConfig) {
  return {
    hosted: config.isHosted,
    account_site_url: config.accountSiteUrl ?? '',
    support_chat: config.supportChat
      ? {
          script_url: config.supportChat.scriptUrl,
          app_id: config.supportChat.appId,
          hosted_host: config.supportChat.hostedHost ?? '',
        }
      : null,
    analytics: config.analytics
      ? {
          script_url: config.analytics.scriptUrl,
          key: config.analytics.key,
          api_url: config.analytics.apiUrl,
        }
      : null,
    bug_tracker_url: config.bugTrackerUrl ?? '',
  };
}
export type ConsoleSettings = ReturnType<typeof consoleSettings>;

/** index.html with the settings as JSON in a meta element: no inline script, so the CSP stays as it is. */
export function withConsoleSettings(html: string, config: ConsoleConfig): string {
  const meta = `<meta name="${CONSOLE_SETTINGS_META_NAME}" content="${escapeHtml(JSON.stringify(consoleSettings(config)))}" />`;
  return html.replace('</head>', `  ${meta}\n  </head>`);
}
