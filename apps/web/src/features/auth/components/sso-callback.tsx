import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignInWithToken } from '../api/sign-in-with-token.ts';
import { AuthErrorAlert } from './auth-error-alert.tsx';

/** Signs in with the token the SSO redirect carried, once; on failure shows why and lets the form below be used. */
export function SsoCallback({
  token,
  username,
  onSignedIn,
}: {
  token: string;
  username: string;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('people');
  const signIn = useSignInWithToken();
  const hasStarted = useRef(false);
  const { mutate } = signIn;

  useEffect(() => {
    // StrictMode runs effects twice; the token must be tried once.
    if (hasStarted.current) return;
    hasStarted.current = true;
    mutate({ token, username }, { onSuccess: onSignedIn });
  }, [mutate, token, username, onSignedIn]);

  if (signIn.isError) return <AuthErrorAlert title={t('sso.failed')} error={signIn.error} />;
  return (
    <Stack align="center" gap="xs">
      <Loader size="sm" />
      <Text size="sm">{t('sso.finishing')}</Text>
    </Stack>
  );
}
