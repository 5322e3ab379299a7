import { z } from 'zod';

const unsetWhenEmpty = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();
const httpUrl = z
  .string()
  .optional()
  .transform(unsetWhenEmpty)
  .refine((value) => value === undefined || URL.canParse(value), { error: 'must be a URL' })
  .refine((value) => value === undefined || /^https?:$/.test(new URL(value).protocol), {
    error: 'must be a URL starting with http:// or https://',
  });
const text = z.string().optional().transform(unsetWhenEmpty);
/** A CSP host source for an API origin: http(s)://host[:port], the host's first label may be `*`. */
const originSource =
  /^https?:\/\/(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;
const originList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter((item) => item !== ''),
  )
  .refine((items) => items.every((item) => originSource.test(item)), {
    error: 'must be a comma list of origins such as https://api.example.com or https://*.example.com',
  });

/**
 * The environment variables of the console's optional parts (README "Hosted mode", "Upgrade check", "Support chat
 * and analytics"): each part is off unless its variables are set.
 */
export const consoleEnvSchema = z.object({
  RELEASES_URL: httpUrl,
  HOSTED: z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).default('false'),
  ACCOUNT_SITE_URL: httpUrl,
  HOSTED_BACKEND_ORIGINS: originList,
  SUPPORT_CHAT_SCRIPT_URL: httpUrl,
  SUPPORT_CHAT_APP_ID: text,
  SUPPORT_CHAT_HOSTED_HOST: text,
  ANALYTICS_SCRIPT_URL: httpUrl,
  ANALYTICS_KEY: text,
  ANALYTICS_API_URL: httpUrl,
  BUG_TRACKER_URL: httpUrl,
});

export interface ConsoleConfig {
  /** The release feed of the upgrade check; undefined turns the check off. */
  releasesUrl: string | undefined;
  /** The hosted edition: the UI-version prefix, tenant block and account-site links (spec §1, §2). */
  isHosted: boolean;
  /** The hosted account site (Manage Account, manage tenant). */
  accountSiteUrl: string | undefined;
  /** Origins of tenants' servers a hosted console may call (its start parameter `backend`), for the CSP. */
  backendOrigins: string[];
  /** The support-chat widget; undefined when off. `hostedHost` is the one host it runs on in hosted mode. */
  supportChat: { scriptUrl: string; appId: string; hostedHost: string | undefined } | undefined;
  /** Product analytics; undefined when off. Events go to `apiUrl` (the script's origin unless set). */
  analytics: { scriptUrl: string; key: string; apiUrl: string } | undefined;
  /** The issue tracker the crash screen's bug report opens (GitHub-style: `<url>/new?title=&body=`). */
  bugTrackerUrl: string | undefined;
}

/** Builds the console part of the configuration; a script URL without its id or key is refused, not ignored. */
export function consoleConfig(e: z.infer<typeof consoleEnvSchema>): ConsoleConfig | string {
  if (e.SUPPORT_CHAT_SCRIPT_URL && !e.SUPPORT_CHAT_APP_ID)
    return 'SUPPORT_CHAT_SCRIPT_URL and SUPPORT_CHAT_APP_ID must be set together';
  if (e.ANALYTICS_SCRIPT_URL && !e.ANALYTICS_KEY)
    return 'ANALYTICS_SCRIPT_URL and ANALYTICS_KEY must be set together';
  return {
    releasesUrl: e.RELEASES_URL,
    bugTrackerUrl: e.BUG_TRACKER_URL?.replace(/\/+$/, ''),
    isHosted: e.HOSTED === 'true',
    accountSiteUrl: e.ACCOUNT_SITE_URL?.replace(/\/+$/, ''),
    backendOrigins: e.HOSTED === 'true' ? e.HOSTED_BACKEND_ORIGINS : [],
    supportChat:
      e.SUPPORT_CHAT_SCRIPT_URL && e.SUPPORT_CHAT_APP_ID
        ? {
            scriptUrl: e.SUPPORT_CHAT_SCRIPT_URL,
            appId: e.SUPPORT_CHAT_APP_ID,
            hostedHost: e.SUPPORT_CHAT_HOSTED_HOST?.toLowerCase(),
          }
        : undefined,
    analytics:
      e.ANALYTICS_SCRIPT_URL && e.ANALYTICS_KEY
        ? {
            scriptUrl: e.ANALYTICS_SCRIPT_URL,
            key: e.ANALYTICS_KEY,
            apiUrl: (e.ANALYTICS_API_URL ?? new URL(e.ANALYTICS_SCRIPT_URL).origin).replace(/\/+$/, ''),
          }
        : undefined,
  };
}

/**
 * The origins the console's CSP must allow for the configured widgets, per directive: exactly these, nothing
 * more. The chat widget loads its script, talks to its origin, and shows its pictures and frames from it;
 * analytics loads its script and sends events to its API origin; a hosted console calls its tenants' servers.
 */
export function consoleThirdPartyOrigins(
  config: ConsoleConfig,
): Record<'script' | 'connect' | 'img' | 'frame', string[]> {
  const sets = {
    script: new Set<string>(),
    connect: new Set<string>(),
    img: new Set<string>(),
    frame: new Set<string>(),
  };
  if (config.supportChat) {
    const origin = new URL(config.supportChat.scriptUrl).origin;
    for (const set of Object.values(sets)) set.add(origin);
  }
  if (config.analytics) {
    sets.script.add(new URL(config.analytics.scriptUrl).origin);
    sets.connect.add(new URL(config.analytics.apiUrl).origin);
  }
  for (const origin of config.backendOrigins) sets.connect.add(origin);
  return {
    script: [...sets.script],
    connect: [...sets.connect],
    img: [...sets.img],
    frame: [...sets.frame],
  };
}
