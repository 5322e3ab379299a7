import type { ComponentProps } from 'react';
import { MantineRoot } from '@/components/layout/mantine-root.tsx';
import { SsoCallback } from './sso-callback.tsx';

// /login renders without Mantine's provider (decision 016); the single sign-on callback (shown on the way back
// from the provider) uses Mantine's components, so it brings the provider along, without a second toast area.

/** The SSO callback's progress and error with its own Mantine provider. */
export function SsoCallbackIsland(props: ComponentProps<typeof SsoCallback>) {
  return (
    <MantineRoot notifications={false}>
      <SsoCallback {...props} />
    </MantineRoot>
  );
}
