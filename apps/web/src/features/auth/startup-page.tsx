import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readHostedStart, withoutHostedStart, type HostedStart } from '@/lib/hosted.ts';
import { toSafeRedirect } from '@/lib/safe-redirect.ts';
import { DashboardAccessDeniedError } from './api/access-denied.ts';
import { signInHosted } from './api/hosted-sign-in.ts';

/**
 * /startup in the hosted edition (spec §2): the account site opens the console with the tenant's backend, a token
 * and the tenant's name and id; this page signs in with them, takes them out of the address bar, and goes on to
 * the page asked for (the index, or `redirect`). Without them there is nothing to resolve: on to sign in.
 */
/** One sign-in per start token, even when React runs the effect twice (StrictMode in development). */
let pending: { token: string; signIn: Promise<void> } | undefined;
const signInOnce = (start: HostedStart) => {
  if (pending?.token !== start.token) pending = { token: start.token, signIn: signInHosted(start) };
  return pending.signIn;
};

export function StartupPage() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  // Read once, before the effect takes them out of the address bar.
  const [search] = useState(() => router.state.location.searchStr);
  const [start] = useState(() => readHostedStart(search));
  const [target] = useState(() => toSafeRedirect(new URLSearchParams(search).get('redirect')) ?? '/');

  useEffect(() => {
    if (!start) {
      void router.navigate({ to: '/login', replace: true });
      return undefined;
    }
    // The token leaves the address bar and the history entry at once, whatever happens next.
    const rest = new URLSearchParams(withoutHostedStart(search));
    rest.delete('redirect');
    void router.navigate({ href: `/startup${rest.size ? `?${rest.toString()}` : ''}`, replace: true });
    let isCurrent = true;
    signInOnce(start).then(
      () => {
        // Through the router, so a hosted console keeps its UI-version prefix.
        if (isCurrent) void router.navigate({ href: target, replace: true });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setFailure(error instanceof DashboardAccessDeniedError ? t('dashboardDenied') : t('startup.failed'));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [router, t, search, start, target]);

  if (failure)
    return (
      <Stack maw={420} mx="auto">
        <Alert color="red" title={t('startup.failedTitle')}>
          {failure}
        </Alert>
        <Anchor component={Link} to="/login">
          {t('backToSignIn')}
        </Anchor>
      </Stack>
    );
  return (
    <Center>
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>{t('startup.loading')}</Text>
      </Stack>
    </Center>
  );
}
