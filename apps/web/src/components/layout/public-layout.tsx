import { Outlet, useMatch } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { LanguagePicker } from '../ui/language-picker.tsx';
import { ThemeToggle } from '../ui/theme-toggle.tsx';
import classes from './public-layout.module.css';

// The public pages other than /login draw with Mantine's components and need its provider (decision 016).
const MantineRoot = lazy(() =>
  import('./mantine-root.tsx').then((module) => ({ default: module.MantineRoot })),
);

/** Frame of the pages outside the main shell: centred content with the preferences in a corner. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.frame}>
      <div className={classes.controls}>
        <LanguagePicker />
        <ThemeToggle />
      </div>
      <div className={classes.content}>{children}</div>
    </div>
  );
}

/** Layout route component of the public group (login, signup, 404, startup, invite). */
export function PublicLayout() {
  const isLogin = useMatch({ from: '/_public/login', shouldThrow: false }) !== undefined;
  return (
    <PublicFrame>
      {isLogin ? (
        <Outlet />
      ) : (
        <Suspense fallback={null}>
          <MantineRoot>
            <Outlet />
          </MantineRoot>
        </Suspense>
      )}
    </PublicFrame>
  );
}
