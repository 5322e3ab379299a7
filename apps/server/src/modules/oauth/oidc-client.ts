import * as client from 'openid-client';

/** What the OAuth service needs from an OpenID provider: a login URL, and the verified email after the callback. */
export interface OidcProvider {
  /** The provider's authorization URL for this sign-in, with PKCE and state. */
  authorizationUrl(redirectUri: string, state: string, codeVerifier: string): Promise<URL>;
  /** Exchanges the callback's code (checking state and PKCE) and returns the ID token's subject and email. */
  finish(
    callbackUrl: URL,
    state: string,
    codeVerifier: string,
  ): Promise<{ subject: string; email: string | undefined; emailVerified: boolean | undefined }>;
}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * An OpenID Connect relying party over openid-client (discovery, authorization-code flow with PKCE, ID token
 * validation). Discovery runs on first use, so a provider that is down at start-up does not stop the server.
 */
export function openIdProvider(settings: OidcSettings): OidcProvider {
  let configuration: Promise<client.Configuration> | undefined;
  const configure = () => {
    // Plain-http issuers exist only on loopback test setups; production providers use https.
    const isHttp = settings.issuer.startsWith('http://');
    configuration ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret || undefined,
        undefined,
        isHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
  return {
    async authorizationUrl(redirectUri, state, codeVerifier) {
      const config = await configure();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(callbackUrl, state, codeVerifier) {
      const config = await configure();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider returned no ID token');
      // Some providers put the email only in the userinfo response, not in the ID token.
      const source: Record<string, unknown> =
        typeof claims.email === 'string'
          ? claims
          : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const email = typeof source.email === 'string' ? source.email : undefined;
      const emailVerified = typeof source.email_verified === 'boolean' ? source.email_verified : undefined;
      return { subject: claims.sub, email, emailVerified };
    },
  };
}

export const newState = () => client.randomState();
export const newCodeVerifier = () => client.randomPKCECodeVerifier();
