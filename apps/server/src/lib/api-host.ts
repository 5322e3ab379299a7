import type { FastifyRequest } from 'fastify';

/** Gives the API address agents should use, as seen from a request. */
export type ApiHostResolver = (request: FastifyRequest) => string;

/** PUBLIC_API_URL when configured, otherwise the scheme and host the caller used to reach us. */
export const apiHostResolver =
  (publicApiUrl: string | undefined): ApiHostResolver =>
  (request) =>
    publicApiUrl ?? `${request.protocol}://${request.host}`;

/**
 * The broker URL to hand to agents: a broker bound to a wildcard address is unreachable by that name, so the
 * host the agent used for the API is substituted.
 */
export function brokerUrlFor(brokerUrl: string, request: FastifyRequest): string {
  try {
    const url = new URL(brokerUrl);
    if (url.hostname === '0.0.0.0' || url.hostname === '[::]' || url.hostname === '') {
      url.hostname = request.hostname;
    }
    return url.toString().replace(/\/$/, '');
  } catch {
    return brokerUrl;
  }
}
