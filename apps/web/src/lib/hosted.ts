import { UI_VERSION } from '@meshdeck/contracts';
import type { LocationRewrite } from '@tanstack/react-router';

/** The hosted edition is a build-time choice: `VITE_HOSTED=true vite build`. */
export const IS_HOSTED = import.meta.env.VITE_HOSTED === 'true';

/** Hosted builds are served under the UI version, so several console versions can share one domain (spec §2). */
export const UI_VERSION_PREFIX = `/v${UI_VERSION}`;

/** Removes the UI-version prefix from a path; other paths are returned unchanged. */
export function stripVersionPrefix(pathname: string): string {
  if (pathname === UI_VERSION_PREFIX) return '/';
  return pathname.startsWith(`${UI_VERSION_PREFIX}/`) ? pathname.slice(UI_VERSION_PREFIX.length) : pathname;
}

/** Adds the prefix once. */
export const addVersionPrefix = (pathname: string): string =>
  pathname.startsWith(`${UI_VERSION_PREFIX}/`) || pathname === UI_VERSION_PREFIX
    ? pathname
    : `${UI_VERSION_PREFIX}${pathname}`;

/**
 * Router rewrite for hosted builds: every route answers with and without the prefix, and the console writes
 * prefixed URLs. The route table itself never mentions the prefix.
 */
export const hostedRewrite: LocationRewrite = {
  input: ({ url }) => {
    url.pathname = stripVersionPrefix(url.pathname);
    return url;
  },
  output: ({ url }) => {
    url.pathname = addVersionPrefix(url.pathname);
    return url;
  },
};
