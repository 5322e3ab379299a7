// A real OpenID provider for the single sign-on browser test (oidc-provider with its development login pages,
// which accept any login and password). Playwright starts it next to the Pro server, whose OIDC_* settings point
// here through its ordinary environment; nothing in the Meshdeck server knows it is a test.
// Usage: node scripts/e2e-oidc-provider.mjs  (env: E2E_OIDC_PORT, E2E_OIDC_REDIRECT_URI, E2E_OIDC_CLIENT_SECRET)
import './check-node.mjs';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const port = Number(process.env.E2E_OIDC_PORT ?? 18090);
const redirectUri = process.env.E2E_OIDC_REDIRECT_URI;
if (!redirectUri) {
  console.error('e2e-oidc-provider: set E2E_OIDC_REDIRECT_URI to the Meshdeck server /api/oauth/callback');
  process.exit(1);
}
const issuer = `http://127.0.0.1:${port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'meshdeck',
      client_secret: process.env.E2E_OIDC_CLIENT_SECRET ?? 'meshdeck-e2e-secret',
      redirect_uris: [redirectUri],
    },
  ],
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  // The login typed on the provider's page is the account id, and its email.
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ sub: `sub-${id}`, email: id, email_verified: true }),
  }),
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['meshdeck-e2e-cookie-key'] },
  // Explicit lifetimes (seconds) keep the provider from logging a notice for each default it falls back to.
  ttl: {
    Interaction: 600,
    Session: 3600,
    Grant: 3600,
    AccessToken: 600,
    IdToken: 600,
    AuthorizationCode: 60,
  },
});
const server = createServer(provider.callback());
server.listen(port, '127.0.0.1', () => console.log(`e2e-oidc-provider: ${issuer}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
