/// <reference types="vite/client" />

// Build-time flags of the console; Vite inlines them, so each is a string or absent.
interface ImportMetaEnv {
  /** "true" builds the hosted edition (UI-version path prefix). */
  readonly VITE_HOSTED?: string;
}
