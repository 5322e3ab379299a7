import { create } from 'zustand';

interface CreateNetworkDialogState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

/**
 * Whether the create-network modal is open. The sidebar switcher, the dashboard and the networks page all open
 * the same modal, which is mounted once by the signed-in layout; a tiny store lets shared components open a
 * feature's dialog without importing the feature.
 */
export const useCreateNetworkDialog = create<CreateNetworkDialogState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
