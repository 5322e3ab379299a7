import { UI_VERSION } from '@meshdeck/contracts';
import { BUG_TRACKER_URL } from './constants.ts';
import { runtimeSettings } from './runtime-settings.ts';

/** Browsers and trackers reject very long URLs, so the prefilled error log is cut to this length. */
const MAX_LOG_LENGTH = 2000;

/**
 * A new-issue link on the operator's tracker (BUG_TRACKER_URL, through the runtime settings) or else the project's,
 * prefilled with the route and the error log. The body stays in English
 * on purpose: it is read by maintainers, not shown in the console.
 */
export function buildBugReportUrl(
  route: string,
  error: unknown,
  tracker: string = runtimeSettings.bugTrackerUrl || BUG_TRACKER_URL,
): string {
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error && error.stack ? error.stack : message;
  const log = stack.length > MAX_LOG_LENGTH ? `${stack.slice(0, MAX_LOG_LENGTH)}\n…` : stack;
  const body = [
    '### What happened',
    'The console showed the "Application crashed" screen.',
    '',
    `**Route:** \`${route}\``,
    `**Console version:** v${UI_VERSION}`,
    '',
    '### Error log',
    '```',
    log,
    '```',
  ].join('\n');
  const params = new URLSearchParams({ title: `Console crash on ${route}: ${message.slice(0, 120)}`, body });
  return `${tracker}/new?${params.toString()}`;
}
