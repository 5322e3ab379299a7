// The version alone, not the contracts' index: this module is in the entry chunk, which must stay tiny.
import { UI_VERSION } from '@meshdeck/contracts/version';
import type { LocationRewrite } from '@tanstack/react-router';
import { DEFAULT_API_PATH } from './constants.ts';
import { runtimeSettings } from './runtime-settings.ts';

/**
 * The hosted edition: the server that serves the console says so (HOSTED=true, read from index.html by
 * runtime-settings.ts), so one build serves both; `VITE_HOSTED=true vite build` still forces it for a console
 * served elsewhere.
 */
export const IS_HOSTED = import.meta.env.VITE_HOSTED === 'true' || runtimeSettings.isHosted;

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

/** What the account site hands the console at start (spec §2 "Application shell"), read from the query string. */
export interface HostedStart {
  /** The tenant's server; the API base is its /api. Empty: this origin. */
  backend: string;
  token: string;
  /** The account site's own token, kept for its links. */
  sToken: string;
  tenantId: string;
  tenantName: string;
  username: string;
  userId: string;
  isNewTenant: boolean;
}

export const HOSTED_START_PARAMS = [
  'backend',
  'token',
  'sToken',
  'tenantId',
  'tenantName',
  'username',
  'userId',
  'isNewTenant',
] as const;

/** The start parameters of a query string, or null when it carries no token and username to sign in with. */
export function readHostedStart(search: string): HostedStart | null {
  const params = new URLSearchParams(search);
  const get = (name: (typeof HOSTED_START_PARAMS)[number]) => params.get(name)?.trim() ?? '';
  if (get('token') === '' || get('username') === '') return null;
  return {
    backend: get('backend'),
    token: get('token'),
    sToken: get('sToken'),
    tenantId: get('tenantId'),
    tenantName: get('tenantName'),
    username: get('username'),
    userId: get('userId'),
    isNewTenant: get('isNewTenant') === 'true',
  };
}

/** The API base for a backend parameter: its /api (spec §7: "the configured backend URL plus /api"). */
export function apiBaseOf(backend: string): string {
  if (backend === '' || !/^https?:\/\//.test(backend) || !URL.canParse(backend)) return DEFAULT_API_PATH;
  return `${backend.replace(/\/+$/, '')}${DEFAULT_API_PATH}`;
}

/** The query string without the start parameters, so the token does not stay in the address bar or history. */
export function withoutHostedStart(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of HOSTED_START_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

/**
 * Spec §4 "hosted version sync": when the server runs another version than this console, the URL of the same page
 * under the server's version prefix (where the hosting serves that console), or null when they match, the server's
 * version is unknown, or the page already is under that prefix (no reload loop).
 */
export function versionSyncTarget(
  serverVersion: string,
  location: { pathname: string; search: string; hash: string },
): string | null {
  const version = serverVersion.replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(version) || version === UI_VERSION) return null;
  const prefix = `/v${version}`;
  if (location.pathname === prefix || location.pathname.startsWith(`${prefix}/`)) return null;
  return `${prefix}${stripVersionPrefix(location.pathname)}${location.search}${location.hash}`;
}

/**
 * At start (main.tsx): a hosted console opened by the account site with the start parameters on any path goes to
 * /startup, which signs in with them; the path asked for travels as `redirect`.
 */
export function routeHostedStartToStartup(location: Location = window.location): void {
  if (!IS_HOSTED || readHostedStart(location.search) === null) return;
  const path = stripVersionPrefix(location.pathname);
  if (path === '/startup') return;
  const params = new URLSearchParams(location.search);
  if (path !== '/') params.set('redirect', path);
  window.history.replaceState(null, '', `${UI_VERSION_PREFIX}/startup?${params.toString()}${location.hash}`);
}

/** The account site's pages (README "Hosted mode"): the account itself, and one tenant's management page. */
export function accountSiteLinks(accountSiteUrl: string, tenantId: string | null) {
  if (accountSiteUrl === '') return { account: '', manageTenant: '' };
  return {
    account: accountSiteUrl,
    manageTenant: tenantId ? `${accountSiteUrl}/tenants/${encodeURIComponent(tenantId)}` : '',
  };
}
