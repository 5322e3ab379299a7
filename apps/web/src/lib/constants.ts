/** Business constants of the console (spec §9); one home so tests and code agree. */

/** The API lives under this path on the console's own origin unless a session says otherwise. */
export const DEFAULT_API_PATH = '/api';
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_THEME = 'dark';
export const DEFAULT_ACL_VERSION = 1;

export const SPLASH_REMOVAL_DELAY_MS = 1000;
export const SPLASH_FADE_MS = 200;
export const SERVER_STATUS_POLL_MS = 10_000;
export const UNHEALTHY_OVERLAY_DELAY_MS = 5000;
export const COPY_CONFIRMATION_MS = 2000;

/** Delay before a lazy page shows its spinner, so fast chunk loads do not flash one. */
export const PAGE_PENDING_DELAY_MS = 150;

export const DATE_FORMAT_LONG = 'Do MMMM YYYY @ HH:mm';
export const DATE_FORMAT_SHORT = 'YYYY-MM-DD HH:mm';

/** The public issue tracker; the crash screen prefills a new issue here. */
export const BUG_TRACKER_URL = 'https://github.com/meshdeck/meshdeck/issues';

/** Build-time addresses (spec §9): the support e-mail and the licence dashboard; empty when not configured. */
export const SUPPORT_EMAIL = import.meta.env.VITE_SUPPORT_EMAIL ?? '';
export const LICENSE_DASHBOARD_URL = import.meta.env.VITE_LICENSE_DASHBOARD_URL ?? '';
/** How a self-hosted server is upgraded, linked from the New Version dialog. */
export const UPGRADE_DOCS_URL = 'https://github.com/meshdeck/meshdeck#upgrading';
/** Support chat starts this long after sign-in (spec §9), so it never competes with the first page. */
export const SUPPORT_CHAT_DELAY_MS = 2000;
/** How Pro is set up, linked from the billing problem. */
export const PRO_SETUP_DOCS_URL = 'https://github.com/meshdeck/meshdeck#editions';

/** Headers the login call sends so the server issues a dashboard-lifetime token and applies role checks. */
export const LOGIN_HEADERS = { 'From-Ui': 'true', 'X-Application-Name': 'dashboard' } as const;

/**
 * The height of a page's main list: the window less the page's header and toolbar (300 px) and less the shell's
 * banners (trial, broker warning), whose height components/layout/health-banners.tsx publishes as a CSS variable.
 */
export const LIST_HEIGHT = 'calc(100dvh - 300px - var(--md-banners-height, 0px))';
