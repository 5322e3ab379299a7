import {
  envelopeSchema,
  hostAuthenticateInputSchema,
  hostAuthenticateResponseSchema,
  hostParamsSchema,
  hostPullSchema,
  hostUpdateSchema,
  registerHostInputSchema,
  registerResponseSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { Slots } from '../../lib/slots.ts';
import { agentServerConfig } from './agent-config.ts';
import type { AgentService } from './agent.service.ts';
import { apiHostResolver, brokerUrlFor } from '../../lib/api-host.ts';
import { presentRawHost } from './hosts.presenter.ts';
import { observedAddress, resolveEndpoint } from './observed-endpoint.ts';
import type { RegistrationService } from './registration.service.ts';

export interface AgentRoutesOptions {
  publicApiUrl: string | undefined;
  brokerUrl: string;
  /** The broker account of a host, for its ServerConfig. */
  brokerCredentials: (hostId: string) => { username: string; password: string };
  /** A host (re-)registered: it may have brought a new traffic key. */
  onRegistered: (hostId: string) => void;
  serverName: string;
  isPro: boolean;
  /** Registrations allowed per client address per minute: each one hashes a secret, so it is worth limiting. */
  registerRateLimitPerMinute: number;
  /** Host password checks allowed per client address per minute: argon2 per call, and unauthenticated. */
  hostAuthRateLimitPerMinute: number;
}

const JOIN_SLOTS = 8;

/** HTTP for agents (api-contract §2.4, §2.5): registration, token refresh, pull and the MQTT fallback. */
export const agentRoutes =
  (
    registration: RegistrationService,
    agents: AgentService,
    options: AgentRoutesOptions,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['agents'];
    // Joins in progress at once: a burst of 64 concurrent joins otherwise queues ~150 ms of work ahead of everyone.
    const joins = new Slots(JOIN_SLOTS);
    const apiHost = apiHostResolver(options.publicApiUrl);
    const serverConfigFor = (request: Parameters<typeof apiHost>[0], hostId: string) =>
      agentServerConfig({
        apiUrl: apiHost(request),
        brokerUrl: brokerUrlFor(options.brokerUrl, request),
        serverName: options.serverName,
        isPro: options.isPro,
        mqtt: options.brokerCredentials(hostId),
      });

    app.post(
      '/api/v1/host/register/:token',
      {
        config: {
          access: access.public(),
          noStore: true,
          rateLimit: { max: options.registerRateLimitPerMinute, timeWindow: '1 minute' },
        },
        // A few KiB per join: compressing it saves little and a compression stream per join costs native memory.
        compress: false,
        schema: {
          tags,
          params: z.object({ token: z.string().min(1) }),
          body: registerHostInputSchema,
          response: { 200: registerResponseSchema },
        },
      },
      (request) =>
        joins.run(async () => {
          // The address the server sees is recorded as the endpoint (unless the host is static), as on check-ins.
          const endpoint = resolveEndpoint(request.body, observedAddress(request.ip), request.body.isstatic);
          const result = await registration.register(request.params.token, { ...request.body, ...endpoint });
          options.onRegistered(result.host.id);
          const nodeIds = result.nodes.map((n) => n.id);
          return {
            server_config: serverConfigFor(request, result.host.id),
            requested_host: presentRawHost(result.host, nodeIds),
            nodes: await agents.rawNodes(result.nodes),
            auth_token: await agents.issueToken(result.host.id),
          };
        }),
    );

    app.post(
      '/api/hosts/adm/authenticate',
      {
        config: {
          access: access.public(),
          noStore: true,
          rateLimit: { max: options.hostAuthRateLimitPerMinute, timeWindow: '1 minute' },
        },
        schema: {
          tags,
          body: hostAuthenticateInputSchema,
          response: { 200: hostAuthenticateResponseSchema },
        },
      },
      async (request) => {
        const token = await agents.authenticate(
          request.body.id,
          request.body.password,
          request.body.macaddress,
        );
        return {
          Code: 200,
          Message: `W1R3: Host ${request.body.id} Authorized`,
          Response: { ID: request.body.id, AuthToken: token },
        };
      },
    );

    app.get(
      '/api/v1/host',
      {
        config: { access: access.host(network.global('the calling host itself')), noStore: true },
        schema: { tags, response: { 200: hostPullSchema } },
      },
      (request) => {
        const hostId = request.principal.kind === 'host' ? request.principal.hostId : '';
        return agents.pull(hostId, serverConfigFor(request, hostId));
      },
    );

    app.put(
      '/api/v1/fallback/host/:hostid',
      {
        config: { access: access.host(network.global('the calling host itself'), 'hostid') },
        schema: {
          tags,
          params: hostParamsSchema,
          body: hostUpdateSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await agents.fallback(request.params.hostid, request.body, observedAddress(request.ip));
        return { Code: 200, Message: 'updated host data', Response: null };
      },
    );
  };
