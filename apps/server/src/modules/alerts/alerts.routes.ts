import {
  LIMITS,
  alertOverviewSchema,
  alertRuleInputSchema,
  alertRuleListSchema,
  alertRuleSchema,
  alertRuleWithSecretSchema,
  alertTestResultSchema,
  boundedString,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, isNetworkAdmin } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { AlertsService } from './alerts.service.ts';

const tags = ['alerts'];
const networkParams = z.object({ network: boundedString('network', LIMITS.id) });
const ruleParams = networkParams.extend({ ruleid: boundedString('ruleid', LIMITS.id) });
const usernameOf = (principal: { kind: string; username?: string }) =>
  principal.kind === 'user' ? (principal.username ?? '') : '';

/**
 * HTTP for alert rules (Meshdeck's own, Pro; decision 055). Every route names its network in the path; a rule's
 * routes are judged on the rule's own network, and a rule of another network is refused. Those who read the network read its rules and alerts (the
 * webhook URL as its origin only); its admins manage the rules. The signing secret leaves only in the answer to a
 * create or a rotation, to the admin who made it.
 */
export const alertsRoutes =
  (alerts: AlertsService): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { access: access.networkAdmin(network.param('network')) };
    const write = read;
    // A rule's routes find the network from the rule; a path network that disagrees is refused (decision 046).
    const ruleWrite = { access: access.networkAdmin(network.of('alertrule', 'ruleid', 'network')) };

    app.get(
      '/api/v1/alerts/:network',
      { config: read, schema: { tags, params: networkParams, response: { 200: alertOverviewSchema } } },
      (request) => alerts.overview(request.params.network),
    );
    app.get(
      '/api/v1/alerts/:network/rules',
      { config: read, schema: { tags, params: networkParams, response: { 200: alertRuleListSchema } } },
      (request) =>
        alerts.list(request.params.network, isNetworkAdmin(request.principal, request.params.network)),
    );
    app.post(
      '/api/v1/alerts/:network/rules',
      {
        config: write,
        schema: {
          tags,
          params: networkParams,
          body: alertRuleInputSchema,
          response: { 200: alertRuleWithSecretSchema },
          description: 'Creates a rule; the answer holds its webhook signing secret, shown this once.',
        },
      },
      (request) => alerts.create(request.params.network, request.body, usernameOf(request.principal)),
    );
    app.put(
      '/api/v1/alerts/:network/rules/:ruleid',
      {
        config: ruleWrite,
        schema: { tags, params: ruleParams, body: alertRuleInputSchema, response: { 200: alertRuleSchema } },
      },
      (request) => alerts.update(request.params.network, request.params.ruleid, request.body),
    );
    app.delete(
      '/api/v1/alerts/:network/rules/:ruleid',
      { config: ruleWrite, schema: { tags, params: ruleParams, response: { 200: z.object({}) } } },
      async (request) => {
        await alerts.remove(request.params.network, request.params.ruleid);
        return {};
      },
    );
    app.post(
      '/api/v1/alerts/:network/rules/:ruleid/secret',
      {
        config: ruleWrite,
        schema: {
          tags,
          params: ruleParams,
          response: { 200: alertRuleWithSecretSchema },
          description: 'Replaces the signing secret; the answer holds the new one, shown this once.',
        },
      },
      (request) => alerts.rotateSecret(request.params.network, request.params.ruleid),
    );
    app.post(
      '/api/v1/alerts/:network/rules/:ruleid/test',
      {
        config: ruleWrite,
        schema: {
          tags,
          params: ruleParams,
          response: { 200: alertTestResultSchema },
          description: "Sends one test notification to each of the rule's destinations.",
        },
      },
      (request) => alerts.test(request.params.network, request.params.ruleid),
    );
  };
