import {
  accessAssertionInputSchema,
  accessAssertionSchema,
  accessImpactSchema,
  aclDebugQuerySchema,
  aclDebugSchema,
  aclIdQuerySchema,
  aclInputSchema,
  aclNetworkQuerySchema,
  aclPolicyTypesSchema,
  aclPreviewInputSchema,
  aclSchema,
  aclUpdateInputSchema,
  ACL_REF_TYPES,
  assertionIdQuerySchema,
  envelopeSchema,
  POLICY_TYPES,
} from '@meshdeck/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network, type NetworkLocator } from '../../auth/network-locator.ts';
import { badRequest } from '../../lib/api-error.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import type { AccessService } from './access.service.ts';
import { policyRecords, presentPolicy } from './access-state.ts';
import { createAssertion, deleteAssertion, presentAssertion } from './assertions.ts';
import { debugPair } from './debug.ts';
import { refNames } from './names.ts';
import { createPolicy, deletePolicy, policyChanges, updatePolicy } from './policy-plans.ts';

const tags = ['acls'];
// Where each route finds its network (decision 046): v1 routes name it in `?network=` (the dashboard sends it,
// api-contract §1.4) or in the body, or act on a policy or check by id.
const admin = (where: NetworkLocator) => ({ access: access.admin(where) });
const inQuery = admin(network.query('network'));
const inBody = admin(network.body('network_id'));

/** The caller's name for `created_by`. */
export const callerName = (request: FastifyRequest): string =>
  request.principal.kind === 'user' ? request.principal.username : 'host';

/**
 * Writes name their network in the body; RBAC judged the request by `?network=` when the dashboard sent one
 * (api-contract §1.4), so the two must agree or a network's admin could write another network's policies.
 */
export function sameNetwork(request: FastifyRequest, netid: string): void {
  const query = (request.query as { network?: unknown } | undefined)?.network;
  if (typeof query === 'string' && query !== '' && query !== netid)
    throw badRequest(`network mismatch: the request is for ${query}, the policy for ${netid}`);
}

const PROTOCOL_TYPES = [
  { name: 'Any', allowed_protocols: ['all'], port_range: 'All ports', allow_port_setting: false },
  { name: 'HTTP', allowed_protocols: ['tcp'], port_range: '80', allow_port_setting: false },
  { name: 'HTTPS', allowed_protocols: ['tcp'], port_range: '443', allow_port_setting: false },
  { name: 'All TCP', allowed_protocols: ['tcp'], port_range: 'All ports', allow_port_setting: false },
  { name: 'All UDP', allowed_protocols: ['udp'], port_range: 'All ports', allow_port_setting: false },
  { name: 'ICMP', allowed_protocols: ['icmp'], port_range: '', allow_port_setting: false },
  { name: 'SSH', allowed_protocols: ['tcp'], port_range: '22', allow_port_setting: false },
  { name: 'Custom', allowed_protocols: ['udp', 'tcp'], port_range: '', allow_port_setting: true },
];

/** HTTP for v1 ACL policies (api-contract §2.15), their impact preview and the network's access checks. */
export const aclsRoutes =
  (service: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T>(Message: string, Response: T) => ({ Code: 200, Message, Response });

    app.get(
      '/api/v1/acls',
      {
        config: inQuery,
        schema: {
          tags,
          querystring: aclNetworkQuerySchema,
          response: { 200: envelopeSchema(z.array(aclSchema)) },
        },
      },
      async (request) => {
        const rows = await service.rows(request.query.network);
        const names = refNames(rows);
        const list = policyRecords(rows, service.isPro).map((r) => presentPolicy(r.row, names));
        return ok('fetched acls', list);
      },
    );

    app.get(
      '/api/v1/acls/policy_types',
      {
        config: admin(network.global('the policy types')),
        schema: { tags, response: { 200: envelopeSchema(aclPolicyTypesSchema) } },
      },
      () =>
        ok('fetched acl types', {
          ProtocolTypes: PROTOCOL_TYPES,
          policy_types: service.isPro ? [...POLICY_TYPES] : ['device-policy'],
          src_grp_types: service.isPro
            ? ['user', 'user-group', 'tag', 'device', 'egress-range']
            : ['tag', 'device', 'egress-range'],
          dst_grp_types: ['tag', 'device', 'egress-range'],
        }),
    );

    app.post(
      '/api/v1/acls',
      {
        config: inBody,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          body: aclInputSchema,
          response: { 200: envelopeSchema(aclSchema) },
          description:
            "Creates a policy unless it breaks one of the network's access checks (400 naming the pairs).",
        },
      },
      async (request) => {
        sameNetwork(request, request.body.network_id);
        const netid = request.body.network_id;
        const { result } = await service.save(
          netid,
          createPolicy(request.body, callerName(request), service.isPro),
        );
        return ok('created acl', presentPolicy(result, refNames(await service.rows(netid))));
      },
    );

    app.put(
      '/api/v1/acls',
      {
        config: inBody,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          body: aclUpdateInputSchema,
          response: { 200: envelopeSchema(aclSchema) },
          description:
            'Replaces a policy (rename with `new_name`; on default policies only `enabled` changes).',
        },
      },
      async (request) => {
        sameNetwork(request, request.body.network_id);
        const netid = request.body.network_id;
        const { result } = await service.save(netid, updatePolicy(request.body, service.isPro));
        return ok('updated acl', presentPolicy(result, refNames(await service.rows(netid))));
      },
    );

    app.delete(
      '/api/v1/acls',
      {
        config: admin(network.of('policy', { query: 'acl_id' })),
        schema: { tags, querystring: aclIdQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        const id = request.query.acl_id;
        const netid = await policyNetwork(service, id);
        sameNetwork(request, netid);
        await service.save(netid, deletePolicy(id, service.isPro));
        return ok('deleted acl', null);
      },
    );

    app.post(
      '/api/v1/acls/preview',
      {
        config: inBody,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          body: aclPreviewInputSchema,
          response: { 200: envelopeSchema(accessImpactSchema) },
          description:
            'Meshdeck: what saving these policy creations, replacements and deletions would change (pairs gained and lost, flows opened and closed, checks broken); nothing is saved.',
        },
      },
      async (request) => {
        sameNetwork(request, request.body.network_id);
        const plan = policyChanges(request.body, callerName(request), service.isPro);
        return ok('acl impact', await service.preview(request.body.network_id, plan));
      },
    );

    app.get(
      '/api/v1/acls/debug',
      {
        config: admin(network.of('member', { query: 'node' })),
        schema: { tags, querystring: aclDebugQuerySchema, response: { 200: envelopeSchema(aclDebugSchema) } },
      },
      async (request) => {
        const { node, peer } = request.query;
        const netid = await service.networkOfMember(node);
        sameNetwork(request, netid);
        const rows = await service.rows(netid);
        return ok('fetched acl debug', debugPair(service, rows, node, peer));
      },
    );

    app.get(
      '/api/v1/acls/assertions',
      {
        config: inQuery,
        schema: {
          tags,
          querystring: aclNetworkQuerySchema,
          response: { 200: envelopeSchema(z.array(accessAssertionSchema)) },
          description: 'Meshdeck: the network\'s "must reach" / "must not reach" checks.',
        },
      },
      async (request) => {
        const rows = await service.rows(request.query.network);
        const names = refNames(rows);
        return ok(
          'fetched checks',
          rows.assertions.map((a) => presentAssertion(a, names)),
        );
      },
    );

    app.post(
      '/api/v1/acls/assertions',
      {
        config: inBody,
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          body: accessAssertionInputSchema,
          response: { 200: envelopeSchema(accessAssertionSchema) },
          description: `Meshdeck: adds a check (from and to: ${ACL_REF_TYPES.join(', ')}); refused when it fails now.`,
        },
      },
      async (request) => {
        sameNetwork(request, request.body.network_id);
        const netid = request.body.network_id;
        const rows = await service.rows(netid);
        const { result } = await service.save(netid, createAssertion(request.body));
        return ok('created check', presentAssertion(result, refNames(rows)));
      },
    );

    app.delete(
      '/api/v1/acls/assertions',
      {
        config: admin(network.of('assertion', { query: 'id' })),
        schema: { tags, querystring: assertionIdQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        const netid = await service.networkOf('access_assertions', request.query.id, 'check');
        sameNetwork(request, netid);
        await service.save(netid, deleteAssertion(request.query.id));
        return ok('deleted check', null);
      },
    );
  };

/** The network of a policy: stored ones by their row, default ones by their id (`<net>.all-nodes`). */
async function policyNetwork(service: AccessService, id: string): Promise<string> {
  const stored = await service.networkOf('acl_policies', id, 'policy').catch(() => undefined);
  if (stored) return stored;
  const dot = id.lastIndexOf('.');
  if (dot > 0) return id.slice(0, dot);
  throw badRequest(`acl_id: policy ${id} not found`);
}
