import type { ComponentProps } from 'react';
import { MantineRoot } from '@/components/layout/mantine-root.tsx';
import { SsoButton } from './sso-button.tsx';
import { SsoCallback } from './sso-callback.tsx';

// /login renders without Mantine's provider (decision 016); its single sign-on parts use Mantine's components,
// so each brings the provider along, without a second toast area.

/** "Sign in with SSO" with its own Mantine provider. */
export function SsoButtonIsland() {
  return (
    <MantineRoot notifications={false}>
      <SsoButton />
    </MantineRoot>
  );
}

/** The SSO callback's progress and error with its own Mantine provider. */
export function SsoCallbackIsland(props: ComponentProps<typeof SsoCallback>) {
  return (
    <MantineRoot notifications={false}>
      <SsoCallback {...props} />
    </MantineRoot>
  );
}
