import { useSyncExternalStore } from 'react';
import { branding, onBrandingChange, type ConsoleBranding } from './branding.ts';

/** The branding in effect, re-rendering when this console saves a new one (lib/branding.ts applyBranding). */
export const useConsoleBranding = (): ConsoleBranding =>
  useSyncExternalStore(onBrandingChange, branding, branding);
