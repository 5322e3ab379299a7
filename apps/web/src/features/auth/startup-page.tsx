import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readHostedStart, withoutHostedStart } from '@/lib/hosted.ts';
import { toSafeRedirect } from '@/lib/safe-redirect.ts';
import { DashboardAccessDeniedError } from './api/access-denied.ts';
import { signInHosted } from './api/hosted-sign-in.ts';

/**
 * /startup in the hosted edition (spec §2): the account site opens the console with the tenant's backend, a token
 * and the tenant's name and id; this page signs in with them, takes them out of the address bar, and goes on to
 * the page asked for (the index, or `redirect`). Without them there is nothing to resolve: on to sign in.
 */
export function StartupPage() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const { search } = window.location;
    const start = readHostedStart(search);
    const target = toSafeRedirect(new URLSearchParams(search).get('redirect')) ?? '/';
    if (!start) {
      void router.navigate({ to: '/login', replace: true });
      return undefined;
    }
    // The token leaves the address bar and the history entry at once, whatever happens next.
    const rest = new URLSearchParams(withoutHostedStart(search));
    rest.delete('redirect');
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${rest.size ? `?${rest.toString()}` : ''}`,
    );
    let isCurrent = true;
    signInHosted(start).then(
      () => {
        if (isCurrent) router.history.replace(target);
      },
      (error: unknown) => {
        if (!isCurrent) return;
        setFailure(error instanceof DashboardAccessDeniedError ? t('dashboardDenied') : t('startup.failed'));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [router, t]);

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
