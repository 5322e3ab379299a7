import {
  hostAuthenticateResponseSchema,
  hostPullSchema,
  registerResponseSchema,
  type HostPull,
  type RegisterResponse,
} from '@meshdeck/contracts';
import type { z } from 'zod';

/** A failed call to the server, with the server's `Message` when it sent one. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The server does not know this host (any more) or refuses its password: it was deleted, or the server lost its
 * data. Retrying cannot help; the host must join again.
 */
export class HostUnknownError extends ServerError {}

/** Why a request never got an answer, e.g. "fetch failed (connect ECONNREFUSED 127.0.0.1:8080)". */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  const detail =
    cause instanceof Error
      ? ('code' in cause && typeof cause.code === 'string' && !cause.message.includes(cause.code)
          ? `${cause.code} `
          : '') + cause.message
      : '';
  return detail ? `${error.message} (${detail})` : error.message;
}

/** The URL for a log line: the join token in a registration path is a secret. */
const loggableUrl = (url: string): string => url.replace(/\/register\/[^/?]+/, '/register/<token>');

interface Init {
  method: string;
  body?: string;
  headers?: Record<string, string>;
}

/** A request that got no answer in this time failed (the server or the path to it hangs). */
const REQUEST_TIMEOUT_MS = 30_000;

async function call<T extends z.ZodType>(
  url: string,
  init: Init,
  schema: T | undefined,
): Promise<z.infer<T>> {
  // Fastify refuses a JSON content type without a body, so the header goes only with one.
  const json: Record<string, string> = init.body === undefined ? {} : { 'content-type': 'application/json' };
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...json, ...init.headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`${init.method} ${loggableUrl(url)}: ${describeFailure(error)}`, { cause: error });
  }
  const text = await response.text();
  const body: unknown = text === '' ? undefined : JSON.parse(text);
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'Message' in body
        ? String(body.Message)
        : response.statusText;
    throw new ServerError(
      response.status,
      `${init.method} ${loggableUrl(url)}: ${response.status} ${message}`,
    );
  }
  return (schema ? schema.parse(body) : body) as z.infer<T>;
}

/**
 * Whether a failed call may succeed if made again: no answer at all (refused, reset, timed out) or the server
 * saying it is overloaded or failing (429, 5xx). Any other answer (a bad key, a refused host) will not change.
 */
export function isTransientFailure(error: unknown): boolean {
  return !(error instanceof ServerError) || error.status === 429 || error.status >= 500;
}

export interface RetryOptions {
  /** Give up (with the last error) once a retry would start after this long. */
  deadlineMs: number;
  delayMs: (attempt: number) => number;
  onRetry: (error: unknown, delayMs: number) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Makes `call` until it succeeds, fails for good (not {@link isTransientFailure}), or the deadline passes. Used for
 * joining: a server busy with a burst of joins, or restarting, answers late or not at all, and an agent that gave
 * up on the first timeout would leave its machine out of the network until someone ran the join again.
 */
export async function retryTransient<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const delay = options.delayMs(attempt);
      if (!isTransientFailure(error) || now() + delay - started > options.deadlineMs) throw error;
      options.onRetry(error, delay);
      await sleep(delay);
    }
  }
}

/** The agent's HTTP calls (api-contract §2.4, §2.5); refreshes its 15-minute host token when it expires. */
export class ServerApi {
  #token = '';

  constructor(
    readonly baseUrl: string,
    private readonly hostId: string,
    private readonly password: string,
  ) {}

  /** Registers a host with a join token (no bearer: the token is the secret). */
  static register(
    baseUrl: string,
    joinToken: string,
    host: Record<string, unknown>,
  ): Promise<RegisterResponse> {
    const url = `${baseUrl}/api/v1/host/register/${encodeURIComponent(joinToken)}`;
    return call(url, { method: 'POST', body: JSON.stringify(host) }, registerResponseSchema);
  }

  useToken(token: string): void {
    this.#token = token;
  }

  pull(): Promise<HostPull> {
    return this.authorized('/api/v1/host', { method: 'GET' }, hostPullSchema);
  }

  async checkIn(host: Record<string, unknown>): Promise<void> {
    await this.authorized(
      `/api/v1/fallback/host/${this.hostId}`,
      { method: 'PUT', body: JSON.stringify({ Action: 'CHECK_IN', Host: host }) },
      undefined,
    );
  }

  /** Reports changed host fields at once (HostUpdate `UPDATE_HOST`), e.g. a new public key. */
  async updateHost(host: Record<string, unknown>): Promise<void> {
    await this.authorized(
      `/api/v1/fallback/host/${this.hostId}`,
      { method: 'PUT', body: JSON.stringify({ Action: 'UPDATE_HOST', Host: host }) },
      undefined,
    );
  }

  /** Deletes one of this host's nodes at once (`requestfrom: node`). */
  async deleteNode(network: string, nodeId: string): Promise<void> {
    await this.authorized(
      `/api/nodes/${network}/${nodeId}`,
      { method: 'DELETE', headers: { requestfrom: 'node' } },
      undefined,
    );
  }

  /**
   * Asks the network's failover node to carry the pair (own node, unreachable peer node): `failover_check` first,
   * whose 400 says why it cannot (no failover node, a relayed side ...), then `failover_me`.
   */
  async failoverMe(nodeId: string, peerNodeId: string): Promise<void> {
    const base = `/api/v1/node/${encodeURIComponent(nodeId)}`;
    await this.authorized(
      `${base}/failover_check?node_id=${encodeURIComponent(peerNodeId)}`,
      { method: 'GET' },
      undefined,
    );
    await this.authorized(
      `${base}/failover_me`,
      { method: 'POST', body: JSON.stringify({ node_id: peerNodeId }) },
      undefined,
    );
  }

  /** Ends a failed-over pair once the direct path works again (Meshdeck extra `DELETE .../failover_me`). */
  async endFailover(nodeId: string, peerNodeId: string): Promise<void> {
    await this.authorized(
      `/api/v1/node/${encodeURIComponent(nodeId)}/failover_me?node_id=${encodeURIComponent(peerNodeId)}`,
      { method: 'DELETE' },
      undefined,
    );
  }

  /** Reports the routing picture (active router per range and why, own-LAN ranges left out) to the console. */
  async reportRoutingStatus(status: unknown): Promise<void> {
    await this.authorized(
      `/api/v1/host/${this.hostId}/routing_status`,
      { method: 'PUT', body: JSON.stringify(status) },
      undefined,
    );
  }

  async deleteHost(): Promise<void> {
    await this.authorized(`/api/hosts/${this.hostId}?force=true`, { method: 'DELETE' }, undefined);
  }

  private async authorized<T extends z.ZodType>(
    path: string,
    init: Init,
    schema: T | undefined,
  ): Promise<z.infer<T>> {
    if (this.#token === '') await this.refreshToken();
    const send = () =>
      call(
        `${this.baseUrl}${path}`,
        { ...init, headers: { ...init.headers, authorization: `Bearer ${this.#token}` } },
        schema,
      );
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ServerError) || error.status !== 401) throw error;
      await this.refreshToken();
      return send();
    }
  }

  private async refreshToken(): Promise<void> {
    const body = JSON.stringify({ id: this.hostId, password: this.password });
    try {
      const result = await call(
        `${this.baseUrl}/api/hosts/adm/authenticate`,
        { method: 'POST', body },
        hostAuthenticateResponseSchema,
      );
      this.#token = result.Response.AuthToken;
    } catch (error) {
      // The contract answers an unknown host with 400 "host ... not found"; 401 is a password it does not know.
      const unknown =
        error instanceof ServerError &&
        (error.status === 401 ||
          error.status === 404 ||
          (error.status === 400 && /not found/i.test(error.message)));
      if (unknown) throw new HostUnknownError(error.status, error.message);
      throw error;
    }
  }
}
