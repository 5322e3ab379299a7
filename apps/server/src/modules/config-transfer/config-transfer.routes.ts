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
import type { FastifyRequest } from 'fastify';
import type { CallRoute, CreateSet, UnitOfWork } from './config-transfer.service.ts';
import { ConfigTransferService } from './config-transfer.service.ts';

const tags = ['config-transfer'];

/** What an export or import works with, for one request: its routes as the caller, DNS sets as the caller. */
export interface TransferParts {
  callAs: (request: FastifyRequest) => CallRoute;
  setAs: (request: FastifyRequest) => CreateSet;
  unitOfWork: UnitOfWork;
}

/**
 * HTTP for export and import; each request works through the server's own routes with the caller's token (DNS
 * entries in one call per network, decision 060), an import in one unit of work.
 */
export const configTransferRoutes =
  ({ callAs, setAs, unitOfWork }: TransferParts): FastifyPluginAsyncZod =>
  async (app) => {
    const serviceFor = (request: FastifyRequest) =>
      new ConfigTransferService(callAs(request), unitOfWork, setAs(request));
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
      async (request) => serviceFor(request).export(),
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
        Response: await serviceFor(request).import(request.body, request.query.dry_run === 'true'),
      }),
    );
  };
