import {
  brandingImageParamsSchema,
  brandingImageQuerySchema,
  brandingInputSchema,
  brandingSchema,
} from '@meshdeck/contracts/branding';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../auth/access.ts';
import { network } from '../../auth/network-locator.ts';
import { notFound } from '../../lib/api-error.ts';
import type { BrandingService } from './branding.service.ts';

const tags = ['branding'];

/** HTTP for branding (a Meshdeck route, decision 042): public reads, and on Pro an admin's write. */
export const brandingRoutes =
  (branding: BrandingService, isPro: boolean): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/branding',
      {
        config: { access: access.public() },
        schema: {
          tags,
          response: { 200: brandingSchema },
          description:
            "The product name, logos, favicon and primary colours; spec §9's defaults on community.",
        },
      },
      () => branding.get(),
    );

    app.get(
      '/api/v1/branding/images/:kind',
      {
        config: { access: access.public() },
        schema: {
          tags,
          params: brandingImageParamsSchema,
          querystring: brandingImageQuerySchema,
          description:
            'A branding image as uploaded. Cached for good when `v` names its content (the URL the branding read gives), revalidated otherwise.',
        },
      },
      async (request, reply) => {
        const image = await branding.image(request.params.kind, request.query.v);
        if (!image) throw notFound(`no ${request.params.kind} image is set`);
        reply
          .type(image.contentType)
          .header('etag', image.etag)
          .header('content-disposition', 'inline')
          .header(
            'cache-control',
            image.isCurrentVersion ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
        return reply.send(image.bytes);
      },
    );

    // Spec §1: white-label branding is a Pro feature; community does not register the write (api-contract §1.1).
    if (!isPro) return;
    app.put(
      '/api/v1/branding',
      {
        config: { access: access.admin(network.global('branding')) },
        schema: {
          tags,
          body: brandingInputSchema,
          response: { 200: brandingSchema },
          description:
            'Sets the branding in one transaction. Images are base64 (PNG, JPEG or WebP; ICO too for the favicon; no SVG), logos up to 256 KiB and 2048 px a side, the favicon up to 64 KiB and 512 px; absent keeps an image, null removes it.',
        },
      },
      (request) => branding.set(request.body),
    );
  };
