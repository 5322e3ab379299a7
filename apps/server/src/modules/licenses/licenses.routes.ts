import { envelopeSchema, licenseValidationSchema } from '@meshdeck/contracts';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { forbidden } from '../../lib/api-error.ts';
import type { LicenseLimitKind } from './license-token.ts';
import type { LicensesService } from './licenses.service.ts';

/**
 * Routes a failed licence leaves open (api-contract §1.4: status, the broker clean-up and login), plus what a
 * console and an operator need to see and fix it: liveness, the first-admin check of the login page, the
 * signed-in user's own read (the console's sign-in reads it, then shows the trial-ended view), and the
 * re-validation route that reads a replaced LICENSE_FILE.
 */
const OPEN_WITHOUT_LICENSE = new Set([
  'GET /api/server/status',
  'GET /api/server/health',
  'DELETE /api/emqx/hosts',
  'POST /api/users/adm/authenticate',
  'GET /api/users/adm/hassuperadmin',
  'GET /api/v1/users',
  'POST /api/v1/server/license/validation',
]);

/** The create routes a licence limit applies to, and what each adds. */
const LIMITED_ROUTES: Record<string, LicenseLimitKind> = {
  'POST /api/networks': 'networks',
  'POST /api/users/:username': 'users',
  'POST /api/v1/users/invite-signup': 'users',
  // An invited SSO user is created at its first sign-in (a GET that also signs existing users in), so the limit
  // applies when the invitation is made.
  'POST /api/v1/users/invite': 'users',
  'POST /api/users_pending/user/:username': 'users',
  'POST /api/v1/host/register/:token': 'hosts',
};

/**
 * Installs the licence's two hooks on the whole app (Pro only): with a licence error every other /api route
 * answers 403 with its text (api-contract §1.4; after authentication, whose hook comes first, so an anonymous call
 * to a route that needs a user still answers 401), and the create routes above answer 403 naming the limit once a
 * licence's limit is reached. The limit check runs after validation, so a bad body still answers its 400.
 */
export function installLicenseHooks(app: FastifyInstance, licenses: LicensesService): void {
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (url === undefined || !url.startsWith('/api/')) return;
    if (OPEN_WITHOUT_LICENSE.has(`${request.method} ${url}`)) return;
    const { licenseError } = licenses.status();
    if (licenseError !== '') throw forbidden(licenseError);
  });
  app.addHook('preHandler', async (request) => {
    const kind = LIMITED_ROUTES[`${request.method} ${request.routeOptions.url}`];
    // Nothing to count without a limit: a trial or an unlimited licence costs these routes no query.
    if (kind === undefined || licenses.limitOf(kind) === null) return;
    const body = request.body as { id?: unknown } | undefined;
    if (kind === 'hosts' && typeof body?.id === 'string' && (await licenses.hostExists(body.id))) return;
    await licenses.assertRoom(kind);
  });
}

/**
 * POST /api/v1/server/license/validation (api-contract §2.1, Pro): reads the licence again (a replaced
 * LICENSE_FILE takes effect without a restart) and answers its state, or 403 with the reason it still fails.
 */
export const licensesRoutes =
  (licenses: LicensesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/v1/server/license/validation',
      {
        config: { access: access.admin(network.global('the licence')) },
        schema: {
          tags: ['server'],
          response: {
            200: envelopeSchema(licenseValidationSchema),
          },
        },
      },
      async () => {
        const status = await licenses.load();
        // A licence that still fails answers as the gate does, with its reason.
        if (status.licenseError !== '') throw forbidden(status.licenseError);
        return {
          Code: 200,
          Message: status.isOnTrial ? 'no license: the Pro trial is running' : 'license is valid',
          Response: {
            is_pro: status.isPro,
            license_error: status.licenseError,
            trial_end_date: status.trialEndDate,
            is_on_trial_license: status.isOnTrial,
          },
        };
      },
    );
  };
