import { create } from 'zustand';
import { STORAGE_KEYS, storage } from './storage-keys.ts';

/** Sidebar widths of spec §9, in pixels. */
export const SIDEBAR_WIDTH_EXPANDED = 256;
export const SIDEBAR_WIDTH_COLLAPSED = 80;
/** Below this viewport width the sidebar collapses by itself (spec §2 "Sidebar"). */
export const SIDEBAR_AUTO_COLLAPSE_BELOW = 768;

interface PreferencesState {
  /** What the user chose with the toggle; a narrow viewport collapses the sidebar regardless. */
  isSidebarCollapsed: boolean;
  setSidebarCollapsed: (collapsed: boolean) => void;
}

/**
 * Browser preferences that survive logout (spec §3 "Preferences"). The theme is kept by Mantine's colour-scheme
 * manager under its own key; this store holds the sidebar state and its width.
 */
export const usePreferences = create<PreferencesState>()((set) => ({
  isSidebarCollapsed: storage.get(STORAGE_KEYS.sidebarCollapsed) === 'true',
  setSidebarCollapsed: (isSidebarCollapsed) => {
    storage.set(STORAGE_KEYS.sidebarCollapsed, String(isSidebarCollapsed));
    storage.set(
      STORAGE_KEYS.sidebarWidth,
      String(isSidebarCollapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH_EXPANDED),
    );
    set({ isSidebarCollapsed });
  },
}));
