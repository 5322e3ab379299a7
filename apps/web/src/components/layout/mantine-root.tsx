import '@/mantine-components.css';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { branding } from '@/lib/branding.ts';
import { DEFAULT_THEME } from '@/lib/constants.ts';
import { useConsoleBranding } from '@/lib/use-console-branding.ts';
import { brandTheme, colorSchemeManager, theme } from '@/theme.ts';

// Toasts only ever follow a user action, so their component (and its transition engine) loads after the page.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

const INITIAL_COLORS = branding().colors;

/**
 * Mantine's provider (theme, colour scheme) and the toasts, around the parts of the console drawn with
 * Mantine's components: the signed-in shell and the public pages other than /login, which renders without it
 * so Mantine's core stays out of its JavaScript (decision 016). `notifications` is off for islands inside a
 * page that already shows toasts (the single sign-on parts of /login, the 404 page).
 */
export function MantineRoot({
  children,
  notifications = true,
}: {
  children: ReactNode;
  notifications?: boolean;
}) {
  // The page's branding first; a branding saved in this console replaces its colours at once.
  const current = useConsoleBranding();
  const themed = useMemo(() => (current.colors === INITIAL_COLORS ? theme : brandTheme(current)), [current]);
  return (
    <MantineProvider
      theme={themed}
      defaultColorScheme={DEFAULT_THEME}
      colorSchemeManager={colorSchemeManager}
    >
      {notifications ? (
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
      ) : null}
      {children}
    </MantineProvider>
  );
}
