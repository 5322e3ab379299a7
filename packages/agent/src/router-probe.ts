import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { addressBits, bigIntToAddress, parseCidr } from '@meshdeck/contracts';
import type { RouterHealth } from './router-choice.ts';

const run = promisify(execFile);

/**
 * Gateway probes through the tunnel (issue 31). Every agent answers on UDP {@link PROBE_PORT} of its mesh
 * addresses (so only peers, through WireGuard, can ask) which of the asked ranges it reaches right now; agents
 * with several routers for a range, or an internet gateway, ask each gateway every second. The server is not
 * involved, so a failover never waits for it.
 */
export const PROBE_PORT = 51899;
export const PROBE_INTERVAL_MS = 1_000;
/**
 * A gateway counts as silent after this many probes in a row went unanswered, sent on time (decision 057)...
 */
export const SILENT_AFTER = 5;
/** ...and no answer at all, however late, for this long. */
export const SILENT_MS = 6_000;
/** A tick this late means the agent itself was held up (a loaded machine): it counts no miss. */
export const LATE_TICK_MS = 1_500;
/** However late the ticks, no answer at all for this long is silence. */
export const LONG_SILENT_MS = 20_000;

/**
 * The silence rule (decision 057), at each probe tick: a probe still unanswered when the next one goes is a miss,
 * unless this tick came late (the agent was busy, the answer may wait unread in its socket); a gateway is silent
 * after {@link SILENT_AFTER} misses in a row and {@link SILENT_MS} without any answer (or {@link LONG_SILENT_MS}
 * without one however late the ticks, so a busy agent still leaves a dead gateway). Three missed one-second
 * probes on a loaded machine (issue 41: four switches away from a healthy router in 45 s) no longer do it.
 */
export function afterTick(
  target: { missed: number; lastAnswerAt: number },
  tick: { now: number; previousTickAt: number; unanswered: boolean },
): { missed: number; isSilent: boolean } {
  const late = tick.now - tick.previousTickAt > LATE_TICK_MS;
  const missed = !tick.unanswered ? 0 : late ? target.missed : target.missed + 1;
  const quiet = tick.now - target.lastAnswerAt;
  return {
    missed,
    isSilent: (missed >= SILENT_AFTER && quiet >= SILENT_MS) || (tick.unanswered && quiet >= LONG_SILENT_MS),
  };
}
/** The range an internet gateway is asked about: it "reaches" it while it answers at all. */
export const INTERNET = '0.0.0.0/0';

interface ProbeRequest {
  v: 1;
  id: number;
  ranges: string[];
}
interface ProbeAnswer {
  v: 1;
  id: number;
  reaches: string[];
}

const parse = (buffer: Buffer): unknown => {
  try {
    return JSON.parse(buffer.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
};
const isRequest = (value: unknown): value is ProbeRequest =>
  typeof value === 'object' &&
  value !== null &&
  'ranges' in value &&
  Array.isArray(value.ranges) &&
  value.ranges.length <= 256 &&
  value.ranges.every((r) => typeof r === 'string');
const isAnswer = (value: unknown): value is ProbeAnswer =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  typeof value.id === 'number' &&
  'reaches' in value &&
  Array.isArray(value.reaches);

/** A probe request as it goes on the wire: which of `ranges` the asked host reaches (none: just answer). */
export const probeRequest = (id: number, ranges: readonly string[]): string =>
  JSON.stringify({ v: 1, id, ranges: [...ranges] } satisfies ProbeRequest);

/** The id and reached ranges of a probe answer, or undefined for anything else. */
export function probeAnswer(message: Buffer): { id: number; reaches: string[] } | undefined {
  const answer = parse(message);
  if (!isAnswer(answer)) return undefined;
  return { id: answer.id, reaches: answer.reaches.filter((r): r is string => typeof r === 'string') };
}

/** What this host forwards to: its egress ranges and whether it is an internet gateway. */
export interface ServedRanges {
  egress: ReadonlySet<string>;
  isInternetGateway: boolean;
}

/**
 * Whether this host reaches a range it serves: the kernel's route to the range's first address leaves through an
 * interface other than the tunnel, and that interface is up (a cut cable or a downed link says no at once).
 */
async function reachesLocally(range: string, meshInterface: string): Promise<boolean | undefined> {
  const cidr = parseCidr(range);
  if (!cidr) return false;
  // An address of the range that is not the host's own (the gateway's LAN address would be answered by `lo`).
  const own = new Set(
    Object.values(os.networkInterfaces())
      .flat()
      .map((a) => a?.address),
  );
  let value = cidr.prefix >= addressBits(cidr.family) - 1 ? cidr.network : cidr.network + 1n;
  while (own.has(bigIntToAddress(value, cidr.family)) && value < cidr.last) value++;
  const probe = bigIntToAddress(value, cidr.family);
  let route: { dev?: string; type?: string } | undefined;
  try {
    const { stdout } = await run('ip', ['-j', `-${cidr.family}`, 'route', 'get', probe], { timeout: 2_000 });
    [route] = JSON.parse(stdout) as { dev?: string; type?: string }[];
  } catch (error) {
    // `ip` exits 2 with "unreachable" when no route leads there: an answer. Anything else (a timeout or a failed
    // start on a loaded host) tells nothing, and must not move every client off a healthy router.
    const stderr = (error as { stderr?: unknown }).stderr;
    return typeof stderr === 'string' && /unreachable|no route/i.test(stderr) ? false : undefined;
  }
  if (!route?.dev || route.dev === meshInterface || (route.type && route.type !== 'unicast')) return false;
  try {
    const state = fs.readFileSync(`/sys/class/net/${route.dev}/operstate`, 'utf8').trim();
    return state === 'up' || state === 'unknown';
  } catch {
    return false;
  }
}

/** Answers probes on the mesh addresses; rebinds when they change. */
export class ProbeResponder {
  #sockets = new Map<string, dgram.Socket>();
  #served: ServedRanges = { egress: new Set(), isInternetGateway: false };
  #cache = new Map<string, { at: number; reaches: boolean }>();

  constructor(
    private readonly meshInterface: string,
    private readonly log: (message: string) => void,
  ) {}

  /** Listens on exactly these addresses (bare IPs) and answers for these ranges. */
  update(addresses: readonly string[], served: ServedRanges): void {
    this.#served = served;
    for (const [address, socket] of this.#sockets)
      if (!addresses.includes(address)) {
        socket.close();
        this.#sockets.delete(address);
      }
    for (const address of addresses) if (!this.#sockets.has(address)) this.listen(address);
  }

  close(): void {
    for (const socket of this.#sockets.values()) socket.close();
    this.#sockets.clear();
  }

  private listen(address: string): void {
    const socket = dgram.createSocket(address.includes(':') ? 'udp6' : 'udp4');
    this.#sockets.set(address, socket);
    socket.on('error', (error) => {
      this.log(`probe responder on ${address}:${PROBE_PORT}: ${error.message}; retrying at the next change`);
      socket.close();
      this.#sockets.delete(address);
    });
    socket.on('message', (message, from) => {
      const request = parse(message);
      if (!isRequest(request)) return;
      void this.reaches(request.ranges).then((reaches) => {
        const answer: ProbeAnswer = { v: 1, id: request.id, reaches };
        socket.send(JSON.stringify(answer), from.port, from.address);
      });
    });
    socket.bind(PROBE_PORT, address);
  }

  private async reaches(ranges: string[]): Promise<string[]> {
    const now = Date.now();
    const result: string[] = [];
    for (const range of ranges) {
      if (range === INTERNET) {
        if (this.#served.isInternetGateway) result.push(range);
        continue;
      }
      if (!this.#served.egress.has(range)) continue;
      // Probes of many agents arrive each second: one route lookup per range per half second is plenty.
      let cached = this.#cache.get(range);
      if (!cached || now - cached.at > 500) {
        // A look that could not tell keeps the last answer (none yet: not reached).
        const reaches = (await reachesLocally(range, this.meshInterface)) ?? cached?.reaches ?? false;
        cached = { at: now, reaches };
        this.#cache.set(range, cached);
      }
      if (cached.reaches) result.push(range);
    }
    return result;
  }
}

interface Target {
  address: string;
  ranges: string[];
  missed: number;
  /** When the gateway last answered (or was first asked). */
  lastAnswerAt: number;
  /** Probes sent since the last answer, by id: a late answer (a loaded host) still proves the gateway alive. */
  pending: Map<number, number>;
  health: RouterHealth | undefined;
}

/** Asks gateways every second; calls `onChange` when what a gateway reaches, or whether it answers, changes. */
export class RouterProber {
  #targets = new Map<string, Target>();
  #sockets: { 4?: dgram.Socket; 6?: dgram.Socket } = {};
  #timer: NodeJS.Timeout | undefined;
  #nextId = 1;
  #lastTickAt = 0;

  constructor(
    private readonly onChange: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Gateways to probe by node id, with the mesh address to ask and the ranges to ask about. */
  setTargets(targets: ReadonlyMap<string, { address: string; ranges: string[] }>): void {
    for (const id of this.#targets.keys()) if (!targets.has(id)) this.#targets.delete(id);
    for (const [id, { address, ranges }] of targets) {
      const current = this.#targets.get(id);
      if (current && current.address === address) current.ranges = ranges;
      else
        this.#targets.set(id, {
          address,
          ranges,
          missed: 0,
          lastAnswerAt: this.now(),
          pending: new Map(),
          health: undefined,
        });
    }
    if (this.#targets.size > 0 && !this.#timer) {
      // Judged after the loop has read the socket: a late timer must not count an answer that already arrived.
      this.#timer = setInterval(() => setImmediate(() => this.tick()), PROBE_INTERVAL_MS);
      this.#lastTickAt = this.now();
      this.tick();
    }
    if (this.#targets.size === 0) this.stop();
  }

  get health(): Map<string, RouterHealth> {
    const map = new Map<string, RouterHealth>();
    for (const [id, target] of this.#targets) if (target.health) map.set(id, target.health);
    return map;
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#sockets[4]?.close();
    this.#sockets[6]?.close();
    this.#sockets = {};
  }

  private socket(family: 4 | 6): dgram.Socket {
    const existing = this.#sockets[family];
    if (existing) return existing;
    const socket = dgram.createSocket(family === 4 ? 'udp4' : 'udp6');
    socket.on('error', () => undefined);
    socket.on('message', (message) => this.answered(message));
    this.#sockets[family] = socket;
    return socket;
  }

  private tick(): void {
    if (!this.#timer) return;
    const now = this.now();
    const previousTickAt = this.#lastTickAt;
    this.#lastTickAt = now;
    for (const target of this.#targets.values()) {
      const { missed, isSilent } = afterTick(target, {
        now,
        previousTickAt,
        unanswered: target.pending.size > 0,
      });
      target.missed = missed;
      if (isSilent && target.health?.isSilent !== true) {
        target.health = { reaches: new Set(), isSilent: true, rttMs: undefined, steadySince: now };
        this.onChange();
      }
      const id = this.#nextId++;
      target.pending.set(id, now);
      // Keep the last few: older ones will not be answered any more.
      for (const old of target.pending.keys())
        if (target.pending.size > SILENT_AFTER + 2) target.pending.delete(old);
      const family = target.address.includes(':') ? 6 : 4;
      this.socket(family).send(probeRequest(id, target.ranges), PROBE_PORT, target.address, () => undefined);
    }
  }

  private answered(message: Buffer): void {
    const answer = probeAnswer(message);
    if (!answer) return;
    const target = [...this.#targets.values()].find((t) => t.pending.has(answer.id));
    const sentAt = target?.pending.get(answer.id);
    if (!target || sentAt === undefined) return;
    const now = this.now();
    const rttMs = now - sentAt;
    target.pending.clear();
    target.missed = 0;
    target.lastAnswerAt = now;
    const reaches = new Set(answer.reaches);
    const before = target.health;
    const same =
      before !== undefined &&
      !before.isSilent &&
      before.reaches.size === reaches.size &&
      [...reaches].every((r) => before.reaches.has(r));
    target.health = { reaches, isSilent: false, rttMs, steadySince: same ? before.steadySince : now };
    if (!same) this.onChange();
  }
}
