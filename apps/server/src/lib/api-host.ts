import { isIP } from 'node:net';
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

/**
 * The server's own addresses as this request shows them: the local address the connection arrived on and the
 * host the caller named, when they are IP literals (names and wildcard addresses say nothing about a route).
 */
export function addressesReachedAt(request: FastifyRequest): string[] {
  const named = request.hostname.replace(/^\[|\]$/g, '');
  const local = request.socket.localAddress ?? '';
  return [...new Set([named, local])].filter(
    (address) => isIP(address) !== 0 && address !== '0.0.0.0' && address !== '::',
  );
}
