import {
  accessImpactSchema,
  aclContainerInputSchema,
  aclContainerSchema,
  aclMatrixCellsInputSchema,
  aclMatrixCellsSchema,
  envelopeSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { AccessService } from './access.service.ts';
import { presentCells, presentMatrix, putCells, putMatrix } from './matrix-plans.ts';

const tags = ['acls'];
const paramsSchema = z.object({ networkname: z.string().max(64) });

/** HTTP for the old per-network matrix (api-contract §2.16) and its impact preview. */
export const matrixRoutes =
  (service: AccessService): FastifyPluginAsyncZod =>
  async (app) => {
    const networkAdmin = { access: access.networkAdmin(network.param('networkname')) };

    app.get(
      '/api/networks/:networkname/acls',
      { config: networkAdmin, schema: { tags, params: paramsSchema, response: { 200: aclContainerSchema } } },
      async (request) => presentMatrix(await service.rows(request.params.networkname)),
    );

    app.get(
      '/api/networks/:networkname/acls/cells',
      {
        config: networkAdmin,
        schema: {
          tags,
          params: paramsSchema,
          response: { 200: aclMatrixCellsSchema },
          description:
            'Meshdeck: the matrix without its N² body: members, the default value (1 deny, 2 allow) and only the cells that differ from it, one per pair. The console reads this one.',
        },
      },
      async (request) => presentCells(await service.rows(request.params.networkname)),
    );

    app.put(
      '/api/networks/:networkname/acls/cells',
      {
        config: networkAdmin,
        schema: {
          tags,
          params: paramsSchema,
          body: aclMatrixCellsInputSchema,
          response: { 200: aclMatrixCellsSchema },
          description:
            'Meshdeck: the compact write: `fill` (1 deny, 2 allow) sets every pair but client to client, then `cells` set single pairs; stored and enforced as /acls/v2 would. Refused (400) when the change breaks an access check.',
        },
      },
      async (request) => {
        const netid = request.params.networkname;
        await service.save(netid, putCells(request.body));
        return presentCells(await service.rows(netid));
      },
    );

    app.post(
      '/api/networks/:networkname/acls/cells/preview',
      {
        config: networkAdmin,
        schema: {
          tags,
          params: paramsSchema,
          body: aclMatrixCellsInputSchema,
          response: { 200: envelopeSchema(accessImpactSchema) },
          description: 'Meshdeck: what the same PUT of /acls/cells would change; nothing is saved.',
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'matrix impact',
        Response: await service.preview(request.params.networkname, putCells(request.body)),
      }),
    );

    for (const [path, withClients] of [
      ['/api/networks/:networkname/acls', false],
      ['/api/networks/:networkname/acls/v2', true],
    ] as const)
      app.put(
        path,
        {
          config: networkAdmin,
          schema: {
            tags,
            params: paramsSchema,
            body: aclContainerInputSchema,
            response: { 200: aclContainerSchema },
            description: `Merges the cells onto the stored matrix (1 deny, 2 allow, 0 unchanged)${withClients ? ', clients included' : ', node ids only'}; only cells that differ from the network default are stored. Refused (400) when the change breaks an access check.`,
          },
        },
        async (request) => {
          const netid = request.params.networkname;
          await service.save(netid, putMatrix(request.body, withClients));
          return presentMatrix(await service.rows(netid));
        },
      );

    app.post(
      '/api/networks/:networkname/acls/preview',
      {
        config: networkAdmin,
        schema: {
          tags,
          params: paramsSchema,
          body: aclContainerInputSchema,
          response: { 200: envelopeSchema(accessImpactSchema) },
          description: 'Meshdeck: what the same PUT of /acls/v2 would change; nothing is saved.',
        },
      },
      async (request) => ({
        Code: 200,
        Message: 'matrix impact',
        Response: await service.preview(request.params.networkname, putMatrix(request.body, true)),
      }),
    );
  };
