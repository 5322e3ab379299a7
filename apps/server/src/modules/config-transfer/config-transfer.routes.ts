import {
  CONFIG_DOCUMENT_MAX_BYTES,
  configDocumentSchema,
  envelopeSchema,
  importQuerySchema,
  importResultSchema,
} from '@meshdeck/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import type { CallRoute, UnitOfWork } from './config-transfer.service.ts';
import { ConfigTransferService } from './config-transfer.service.ts';

const tags = ['config-transfer'];

/**
 * HTTP for export and import; each request works through the server's own routes with the caller's token, an
 * import in one unit of work.
 */
export const configTransferRoutes =
  (callAs: (authorization: string | undefined) => CallRoute, unitOfWork: UnitOfWork): FastifyPluginAsyncZod =>
  async (app) => {
    const serviceFor = (authorization: string | undefined) =>
      new ConfigTransferService(callAs(authorization), unitOfWork);
    app.get(
      '/api/v1/export',
      {
        config: {
          access: access.admin(network.global("works through the routes above with the caller's own token")),
        },
        schema: {
          tags,
          response: { 200: z.looseObject({}) },
          description:
            'Meshdeck: networks, enrollment keys (not the networks’ default ones), tags, custom DNS entries and access policies (not the default ones) as an import document.',
        },
      },
      async (request) => serviceFor(request.headers.authorization).export(),
    );
    app.post(
      '/api/v1/import',
      {
        // An export can exceed the 1 MiB every other route takes; the document's own bounds apply (decision 049).
        bodyLimit: CONFIG_DOCUMENT_MAX_BYTES,
        config: {
          access: access.admin(network.global("works through the routes above with the caller's own token")),
        },
        schema: {
          tags,
          querystring: importQuerySchema,
          body: configDocumentSchema,
          response: { 200: envelopeSchema(importResultSchema) },
          description:
            'Meshdeck: creates what an export document holds and this server lacks; `dry_run=true` only says what it would create. An item that exists differently is a 409 naming it; the import is one transaction, so nothing is half-written.',
        },
      },
      async (request) => ({
        Code: 200,
        Message: request.query.dry_run === 'true' ? 'import planned' : 'imported',
        Response: await serviceFor(request.headers.authorization).import(
          request.body,
          request.query.dry_run === 'true',
        ),
      }),
    );
  };
