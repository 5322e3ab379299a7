/// <reference types="vite/client" />

// Build-time flags of the console; Vite inlines them, so each is a string or absent.
interface ImportMetaEnv {
  /** "true" builds the hosted edition (UI-version path prefix). */
  readonly VITE_HOSTED?: string;
  /** Support address offered in the server-health dialog; omitted when unset. */
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Where a Pro customer checks licence and billing; the billing problem links it when set. */
  readonly VITE_LICENSE_DASHBOARD_URL?: string;
}
