import { useHotkeys } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { lazy, Suspense, useState } from 'react';
import { MantineRoot } from '@/components/layout/mantine-root.tsx';
import { ProtectedLayout } from '@/components/layout/protected-layout.tsx';
import { useCreateNetworkDialog } from '@/lib/create-network-dialog.ts';

// Loaded on first open: most visits never create a network, so the form stays out of the shell's chunk.
const CreateNetworkModal = lazy(() =>
  import('@/features/networks/components/create-network-modal.tsx').then((module) => ({
    default: module.CreateNetworkModal,
  })),
);

function CreateNetworkDialogSlot() {
  const isOpen = useCreateNetworkDialog((state) => state.isOpen);
  const close = useCreateNetworkDialog((state) => state.close);
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <CreateNetworkModal onClose={close} />
    </Suspense>
  );
}

// Loaded on the first Ctrl/Cmd-K, so the palette, its lists and its dialogs weigh on no first screen.
const CommandPalette = lazy(() =>
  import('@/features/command-palette/command-palette.tsx').then((module) => ({
    default: module.CommandPalette,
  })),
);

function CommandPaletteSlot() {
  const [isOpen, setIsOpen] = useState(false);
  const [isLoaded, setIsLoaded] = useState(false);
  // Also while typing in a field: Ctrl-K is no text shortcut, and the palette is most useful mid-task.
  useHotkeys(
    [
      [
        'mod+K',
        () => {
          setIsLoaded(true);
          setIsOpen((open) => !open);
        },
      ],
    ],
    [],
  );
  if (!isLoaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette opened={isOpen} onClose={() => setIsOpen(false)} />
    </Suspense>
  );
}

/**
 * The signed-in layout with the app-wide dialogs that features own, composed here where features may be
 * imported. Loaded lazily (routes/protected.ts), so the sign-in page never downloads the shell.
 */
export function ProtectedShell() {
  return (
    <MantineRoot>
      <ModalsProvider>
        <ProtectedLayout
          dialogs={
            <>
              <CreateNetworkDialogSlot />
              <CommandPaletteSlot />
            </>
          }
        />
      </ModalsProvider>
    </MantineRoot>
  );
}
