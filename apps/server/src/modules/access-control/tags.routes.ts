import {
  accessImpactSchema,
  createTagInputSchema,
  envelopeSchema,
  tagIdQuerySchema,
  tagListItemSchema,
  tagQuerySchema,
  updateTagInputSchema,
  type ApiNode,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network, type NetworkLocator } from '../../auth/network-locator.ts';
import { badRequest } from '../../lib/api-error.ts';
import { lowerCaseBodyKeys } from '../../lib/case-insensitive-body.ts';
import type { NodeRow } from '../nodes/nodes.public.ts';
import { parseIds, type NetworkAccessRows, type TagRow } from './access.repository.ts';
import type { AccessService } from './access.service.ts';
import { callerName, sameNetwork } from './acls.routes.ts';
import { createTag, deleteTag, updateTag, usedByCount } from './tag-plans.ts';

const tags = ['tags'];
// Where each route finds its network (decision 046): `?network=`, the body's network, or the tag named by id.
const admin = (where: NetworkLocator) => ({ access: access.admin(where) });

/** How a node is shown in `tagged_nodes` (the nodes module's ApiNode, through the composition root). */
export type PresentNode = (row: NodeRow) => Promise<ApiNode | undefined>;

/** HTTP for tags (api-contract §2.14), in both editions as v0.30 serves them (issue 39). */
export const tagsRoutes =
  (service: AccessService, presentNode: PresentNode): FastifyPluginAsyncZod =>
  async (app) => {
    const ok = <T>(Message: string, Response: T) => ({ Code: 200, Message, Response });

    const listItem = async (rows: NetworkAccessRows, tag: TagRow) => {
      const memberIds = rows.nodes.filter((n) => parseIds(n.tags).includes(tag.id)).map((n) => n.id);
      const nodes = await service.nodeRows(memberIds);
      const tagged = (await Promise.all(nodes.map(presentNode))).filter((n) => n !== undefined);
      return { ...tag, used_by_count: usedByCount(rows, tag.id, service.isPro), tagged_nodes: tagged };
    };

    app.get(
      '/api/v1/tags',
      {
        config: admin(network.query('network')),
        schema: {
          tags,
          querystring: tagQuerySchema,
          response: { 200: envelopeSchema(z.array(tagListItemSchema)) },
        },
      },
      async (request) => {
        const rows = await service.rows(request.query.network);
        const list = [];
        for (const tag of rows.tags) list.push(await listItem(rows, tag));
        return ok('fetched tags', list);
      },
    );

    app.post(
      '/api/v1/tags',
      {
        config: admin(network.body('network')),
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          body: createTagInputSchema,
          response: { 200: envelopeSchema(tagListItemSchema) },
          description: 'Creates `<network>.<tag_name>` with the nodes and clients in `tagged_nodes` (by id).',
        },
      },
      async (request) => {
        sameNetwork(request, request.body.network);
        const netid = request.body.network;
        const { result } = await service.save(netid, createTag(request.body, callerName(request)));
        return ok('created tag', await listItem(await service.rows(netid), result));
      },
    );

    app.put(
      '/api/v1/tags',
      {
        config: admin(network.body('id', 'tag')),
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          body: updateTagInputSchema,
          response: { 200: envelopeSchema(tagListItemSchema) },
          description:
            "Replaces the members with `tagged_nodes` and renames with `new_name` (or `newName`, the v0.30 dashboard's spelling): the id becomes `<network>.<new name>` and every node, client, policy, check and enrollment key naming the old id follows, in one transaction. Refused (400) when the change breaks an access check.",
        },
      },
      async (request) => {
        const netid = await service.networkOf('tags', request.body.id, 'tag');
        sameNetwork(request, netid);
        if (request.body.network && request.body.network !== netid)
          throw badRequest(`network: tag ${request.body.id} belongs to network ${netid}`);
        const { result } = await service.save(netid, updateTag(request.body));
        return ok('updated tag', await listItem(await service.rows(netid), result));
      },
    );

    app.post(
      '/api/v1/tags/preview',
      {
        config: admin(network.body('id', 'tag')),
        preValidation: lowerCaseBodyKeys,
        schema: {
          tags,
          body: updateTagInputSchema,
          response: { 200: envelopeSchema(accessImpactSchema) },
          description: 'Meshdeck: what the same PUT would change in who reaches whom; nothing is saved.',
        },
      },
      async (request) => {
        const netid = await service.networkOf('tags', request.body.id, 'tag');
        sameNetwork(request, netid);
        return ok('tag impact', await service.preview(netid, updateTag(request.body)));
      },
    );

    app.delete(
      '/api/v1/tags',
      {
        config: admin(network.of('tag', { query: 'tag_id' })),
        schema: { tags, querystring: tagIdQuerySchema, response: { 200: envelopeSchema(z.null()) } },
      },
      async (request) => {
        const id = request.query.tag_id;
        const netid = await service.networkOf('tags', id, 'tag');
        sameNetwork(request, netid);
        await service.save(netid, deleteTag(id, service.isPro));
        return ok('deleted tag', null);
      },
    );
  };
