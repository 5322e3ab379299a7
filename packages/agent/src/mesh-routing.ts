import fs from 'node:fs';
import {
  EMPTY_HOST_ROUTING,
  addressBits,
  formatCidr,
  parseCidr,
  type HostRouting as WireRouting,
  type InternetFailMode,
  type PeerMap,
} from '@meshdeck/contracts';
import type { FirewallPlan } from './firewall-plan.ts';
import type { PeerTable } from './peer-state.ts';
import {
  HYSTERESIS_MS,
  applyRouterChoice,
  candidatesByRange,
  chooseRouters,
  type RangeChoice,
  type RouterCandidate,
} from './router-choice.ts';
import { INTERNET, ProbeResponder, RouterProber } from './router-probe.ts';
import {
  DEFAULT_HALVES,
  extraRoutes,
  underlayPins,
  withoutLanShadow,
  type RoutingPlan,
  type ShadowedRoute,
} from './routing-plan.ts';

/** What an internet-gateway client does when its gateway stops answering probes (a network setting). */
export type { InternetFailMode };

/** The routing picture `status` prints (written to the state dir as JSON after every change). */
export interface RoutingStatus {
  at: string;
  firewall: { tool: string; missing?: string | undefined };
  ranges: { range: string; router: string; via: string; routers: number; reason: string }[];
  shadowed: ShadowedRoute[];
  internet?: { gateway: string; state: string; failMode: InternetFailMode } | undefined;
  roles: string[];
}

const hostOf = (endpoint: string | undefined): string | undefined =>
  endpoint?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');

/**
 * The routing the mesh asks of this host (relays, egress and internet gateways, issue 31): keeps the server's
 * routing state, probes gateways through the tunnel, chooses a router per range, and turns it all into the peer
 * table and RoutingPlan the interface applies. Everything it decides also lands in {@link status}.
 */
export class MeshRouting {
  #wire: WireRouting = EMPTY_HOST_ROUTING;
  /** The client's network setting, from the last message that carried the whole routing state. */
  #networkFailMode: InternetFailMode = 'closed';
  #peerIds = new Map<string, PeerMap[string]>();
  #choices = new Map<string, RangeChoice>();
  #candidates = new Map<string, RouterCandidate[]>();
  #recheck: NodeJS.Timeout | undefined;
  /** What the responder answers for, from the last plan. */
  #served: { addresses: string[]; egress: ReadonlySet<string>; isInternetGateway: boolean } = {
    addresses: [],
    egress: new Set(),
    isInternetGateway: false,
  };
  readonly #prober: RouterProber;
  readonly #responder: ProbeResponder | undefined;
  status: RoutingStatus | undefined;

  constructor(
    private readonly options: {
      iface: string;
      /** Called when a probe result changes what the host should do (the agent reconfigures). */
      onChange: () => void;
      log: (message: string) => void;
      /** The `--internet-fail` flag: overrides the network's setting on this host when given. */
      internetFailMode: InternetFailMode | undefined;
      /** The server's addresses (API and broker hosts, names resolved), kept off the tunnel like peer endpoints. */
      serverAddresses: () => readonly string[];
      statusFile?: string | undefined;
      /** Answer other agents' probes (off on a dry run: there are no addresses to listen on). */
      respond: boolean;
      /** The host's interfaces with their subnets, minus the tunnel (for the LAN-shadow rule). */
      attached: () => { cidr: string; name: string }[];
    },
  ) {
    this.#prober = new RouterProber(options.onChange);
    this.#responder = options.respond ? new ProbeResponder(options.iface, options.log) : undefined;
  }

  /** Takes the routing fields of a pull or peer update; absent fields (an older server) keep what was there. */
  update(
    wire: Partial<WireRouting>,
    peerIds: PeerMap | undefined,
    isFull: boolean,
    removedKeys: readonly string[] = [],
  ): void {
    const fields = Object.fromEntries(
      Object.keys(EMPTY_HOST_ROUTING)
        .filter((key) => wire[key as keyof WireRouting] !== undefined)
        .map((key) => [key, wire[key as keyof WireRouting]]),
    );
    this.#wire = { ...this.#wire, ...fields };
    // A delta with only the routing flags leaves the mode as it was; a whole routing state without it means closed.
    if (wire.fw_update !== undefined) this.#networkFailMode = wire.inet_fail_mode ?? 'closed';
    for (const key of removedKeys) if (!peerIds || !Object.hasOwn(peerIds, key)) this.#peerIds.delete(key);
    if (peerIds) {
      if (isFull) this.#peerIds = new Map();
      for (const [key, identity] of Object.entries(peerIds)) this.#peerIds.set(key, identity);
    }
  }

  /** What the server said about each peer key (node id, network, name). */
  get peerIds(): ReadonlyMap<string, PeerMap[string]> {
    return this.#peerIds;
  }

  stop(): void {
    clearTimeout(this.#recheck);
    this.#prober.stop();
    this.#responder?.close();
  }

  /** The fail mode in force: the local flag when given, else the network's setting. */
  get failMode(): InternetFailMode {
    return this.options.internetFailMode ?? this.#networkFailMode;
  }

  private hostKey(hostId: string): string | undefined {
    // A node the host has no WireGuard peer for (relayed, blocked by policy) is no router it can choose.
    for (const [key, identity] of this.#peerIds)
      if (identity.host_id === hostId && identity.unpeered === undefined) return key;
    return undefined;
  }

  /**
   * The peers to configure and the plan to apply, from the mesh addresses, the server's peer table and the
   * ingress-gateway role. Also (re)targets the probes.
   */
  plan(
    addresses: readonly string[],
    peers: PeerTable,
    ingress: RoutingPlan['gateway'],
    firewallTool: { kind: string; missing: string | undefined } | undefined,
  ): { peers: PeerTable; routing: RoutingPlan } {
    const wire = this.#wire;
    this.#candidates = candidatesByRange(wire.egress_network_routes, (id) => this.hostKey(id));
    const targets = new Map<string, { address: string; ranges: string[] }>();
    for (const [range, list] of this.#candidates) {
      if (list.length < 2) continue;
      for (const c of list) {
        const target = targets.get(c.nodeId) ?? { address: c.address, ranges: [] };
        target.ranges.push(range);
        targets.set(c.nodeId, target);
      }
    }
    const internetGateway = wire.change_default_gw ? wire.default_gw_ip || wire.default_gw_ip6 : '';
    if (internetGateway) targets.set(INTERNET, { address: internetGateway, ranges: [INTERNET] });
    this.#prober.setTargets(new Map([...targets].filter(([, t]) => t.address !== '')));
    const health = this.#prober.health;

    const previous = this.#choices;
    this.#choices = chooseRouters(this.#candidates, health, previous, Date.now());
    for (const [range, choice] of this.#choices) {
      const before = previous.get(range);
      // Said when a range with a choice changes router, and when its number of routers changes (a range that drops
      // to one router loses its probes: the way back is subject to the hysteresis).
      const isChoice = choice.routers > 1 || (before?.routers ?? 0) > 1;
      if (isChoice && (before?.nodeId !== choice.nodeId || before.routers !== choice.routers))
        this.options.log(
          `egress ${range}: router ${this.addressOf(range, choice)} of ${choice.routers} (${choice.reason})`,
        );
    }
    const chosen = applyRouterChoice(peers, this.#candidates, this.#choices);
    // A range kept on its router by the hysteresis is looked at again once the hold time is over.
    if (!this.#recheck && [...this.#choices.values()].some((c) => c.reason.startsWith('kept ')))
      this.#recheck = setTimeout(() => {
        this.#recheck = undefined;
        this.options.onChange();
      }, HYSTERESIS_MS);

    // Internet gateway: the default halves into the tunnel, unless the gateway is silent and the network fails open.
    const gatewayHealth = health.get(INTERNET);
    const isSilent = gatewayHealth?.isSilent === true;
    const failMode = this.failMode;
    const useInternet = internetGateway !== '' && !(isSilent && failMode === 'open');
    const halves = useInternet
      ? [...DEFAULT_HALVES[4], ...(wire.default_gw_ip6 ? DEFAULT_HALVES[6] : [])]
      : [];
    const wanted = [...extraRoutes(addresses, chosen), ...halves];
    // Most meshes route nothing beyond their subnets: no need to list the host's interfaces then.
    const { install, shadowed } =
      wanted.length === 0 ? { install: [], shadowed: [] } : withoutLanShadow(wanted, this.options.attached());
    // Whatever the routes, the server and every peer's endpoint stay on the host's own path (decision 047).
    const underlay = [
      ...this.options.serverAddresses(),
      ...[...chosen.values()].map((p) => hostOf(p.endpoint)).filter((h): h is string => !!h),
    ];
    const pins = install.length === 0 ? [] : underlayPins(install, underlay);

    const fw = wire.fw_update;
    const forwards = fw.is_relay || fw.is_egress_gw || fw.is_inet_gw || wire.is_inet_gw;
    const outward = fw.is_egress_gw || fw.is_inet_gw || wire.is_inet_gw;
    const ipv6 = addresses.some((a) => a.includes(':'));
    const gateway =
      ingress || forwards ? { ipv6: (ingress?.ipv6 ?? false) || (forwards && ipv6), outward } : undefined;
    const firewall = this.firewallPlan(addresses, chosen);

    this.status = {
      at: new Date().toISOString(),
      firewall: { tool: firewallTool?.kind ?? 'none', missing: firewallTool?.missing },
      ranges: [...this.#choices.values()].map((c) => ({
        range: c.range,
        router: this.addressOf(c.range, c),
        via: this.#peerIds.get(c.peerKey)?.name ?? c.peerKey,
        routers: c.routers,
        reason: c.reason,
      })),
      shadowed,
      internet: internetGateway
        ? {
            gateway: internetGateway,
            state: !gatewayHealth
              ? 'not probed yet'
              : isSilent
                ? `not answering (${failMode === 'open' ? 'fail-open: own default route in use' : 'fail-closed: traffic held in the tunnel'})`
                : `answering (${gatewayHealth.rttMs?.toFixed(1) ?? '?'} ms)`,
            failMode,
          }
        : undefined,
      roles: [
        ...(ingress ? ['remote-access gateway'] : []),
        ...(fw.is_relay ? ['relay'] : []),
        ...(fw.is_egress_gw ? ['egress gateway'] : []),
        ...(fw.is_inet_gw || wire.is_inet_gw ? ['internet gateway'] : []),
      ],
    };

    this.#served = {
      addresses: addresses.map((a) => a.split('/')[0] ?? ''),
      egress: new Set(
        Object.values(fw.egress_info).flatMap((info) =>
          info.egress_gateway_cfg.ranges.map((r) => normalise(r)),
        ),
      ),
      isInternetGateway: fw.is_inet_gw || wire.is_inet_gw,
    };
    return {
      peers: chosen,
      routing: { routes: install, gateway, firewall, isInternetClient: useInternet, pins },
    };
  }

  /**
   * Once the plan is applied: answers probes on the mesh addresses (they exist now) and writes the status file
   * (the firewall knows now what it could not do).
   */
  applied(firewallTool: { kind: string; missing: string | undefined } | undefined): void {
    const { addresses, ...served } = this.#served;
    this.#responder?.update(addresses, served);
    if (!this.status) return;
    this.status.firewall = { tool: firewallTool?.kind ?? 'none', missing: firewallTool?.missing };
    if (this.options.statusFile)
      fs.writeFileSync(this.options.statusFile, JSON.stringify(this.status, null, 2), { mode: 0o600 });
  }

  private addressOf(range: string, choice: RangeChoice): string {
    return this.#candidates.get(range)?.find((c) => c.nodeId === choice.nodeId)?.address || choice.nodeId;
  }

  /** Masquerading for this host's egress ranges with NAT on and, on an internet gateway, for the mesh ranges. */
  private firewallPlan(addresses: readonly string[], peers: PeerTable): FirewallPlan {
    const fw = this.#wire.fw_update;
    const natRanges = Object.values(fw.egress_info).flatMap((info) =>
      info.egress_gateway_cfg.ranges_with_metric.filter((r) => r.nat).map((r) => r.network),
    );
    const internetSources = fw.is_inet_gw || this.#wire.is_inet_gw ? fw.inet_gw_ranges : [];
    const plan = { iface: this.options.iface, peers: [] as string[], natRanges, internetSources };
    // The peer set matters only to egress NAT; a plain host skips the walk over every allowed IP.
    if (natRanges.length === 0) return plan;
    const subnets = addresses.map((a) => parseCidr(a)).filter((c) => c !== undefined);
    const peerAddresses = new Set<string>();
    for (const peer of peers.values())
      for (const ip of peer.allowedIps) {
        const cidr = parseCidr(ip);
        if (!cidr || cidr.prefix !== addressBits(cidr.family)) continue;
        if (subnets.some((s) => s.family === cidr.family && s.network <= cidr.network && cidr.last <= s.last))
          peerAddresses.add(formatCidr(cidr));
      }
    return { ...plan, peers: [...peerAddresses].sort() };
  }
}

const normalise = (text: string): string => {
  const cidr = parseCidr(text);
  return cidr ? formatCidr(cidr) : text;
};
