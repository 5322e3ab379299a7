import { isIP } from 'node:net';
import {
  defaultRouteClaim,
  refusedClaim,
  type ClaimEnvironment,
  type ClaimOptions,
} from '@meshdeck/contracts';
import { badRequest } from '../../lib/api-error.ts';
import type { NetworkDirectory } from '../nodes/nodes.public.ts';

/** Where the claim checks read every host's name and endpoint addresses (the hosts repository). */
export interface HostEndpoints {
  listEndpoints(): Promise<{ name: string; endpoint_ip: string; endpoint_ip6: string }[]>;
}

/** The host of a URL when it is an IP literal other than a wildcard; names are not resolved. */
function ipOfUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return isIP(host) !== 0 && host !== '0.0.0.0' && host !== '::' ? host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The one place egress ranges and remote-access clients' extra ranges are judged (issue 38, decision 047): the
 * rules are `refusedClaim` in contracts; this gathers every network's ranges, every host's endpoint and the
 * server's own addresses, and turns a refusal into a 400 naming the field.
 */
export class RouteClaims {
  readonly #configured: string[];

  /** `serverUrls`: where agents are told to reach the server (PUBLIC_API_URL, the broker's public URL). */
  constructor(
    private readonly networks: NetworkDirectory,
    private readonly hosts: HostEndpoints,
    serverUrls: readonly (string | undefined)[],
  ) {
    this.#configured = serverUrls.map(ipOfUrl).filter((ip): ip is string => ip !== undefined);
  }

  /** What routes must stay clear of now; `reachedAt` adds the addresses this request reached the server at. */
  async environment(reachedAt: readonly string[] = []): Promise<ClaimEnvironment> {
    const [networks, hosts] = await Promise.all([this.networks.list(), this.hosts.listEndpoints()]);
    return {
      networks,
      endpoints: hosts.flatMap((h) =>
        [h.endpoint_ip, h.endpoint_ip6].filter((a) => a !== '').map((address) => ({ host: h.name, address })),
      ),
      serverAddresses: [...new Set([...this.#configured, ...reachedAt])],
    };
  }

  /**
   * A 400 when `ranges` amount to a default route: the first check of all, so such a set is named for what it is
   * rather than for the first block it happens to cover.
   */
  checkDefaultRoute(field: string, ranges: readonly string[], options?: ClaimOptions): void {
    const reason = defaultRouteClaim(ranges, options);
    if (reason) throw badRequest(`${field}: ${reason}`);
  }

  /** A 400 `<field>: <range> <why>` when `ranges` may not be routed. */
  check(field: string, ranges: readonly string[], env: ClaimEnvironment, options?: ClaimOptions): void {
    if (ranges.length === 0) return;
    const reason = refusedClaim(ranges, env, options);
    if (reason) throw badRequest(`${field}: ${reason}`);
  }
}
