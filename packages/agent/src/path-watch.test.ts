import { describe, expect, it } from 'vitest';
import {
  IDLE_SUSPECT_MS,
  LEARN_EVERY_MS,
  LEARN_QUICK_TRIES,
  LEARN_RETRY_MS,
  PROBES_BEFORE_BROKEN,
  UNANSWERING_BROKEN_MS,
  WATCH_INTERVAL_MS,
  watchPath,
  type PathState,
} from './path-watch.ts';

const HANDSHAKE = 1_700_000_000;

/**
 * Runs the watch over a scripted peer: `step(t)` says what happens before the sample at time t (ms): bytes
 * sent and received, and whether a probe sent at the previous sample is answered. Returns when the path was found
 * broken (ms, or undefined), and how many probes went.
 */
function simulate(options: {
  samples: number;
  answers: boolean;
  /** Bytes sent / received before the sample at time t. */
  traffic: (t: number) => { sent: number; received: number };
  /** Sample times (defaults to one per second). */
  times?: number[];
  /** Whether the path carries packets at time t (a probe's answer needs it); by default while anything comes back. */
  up?: (t: number) => boolean;
}) {
  let rx = 1_000;
  let tx = 1_000;
  let state: PathState | undefined;
  let probePending = false;
  let probes = 0;
  let brokenAt: number | undefined;
  let why: string | undefined;
  const times = options.times ?? Array.from({ length: options.samples }, (_, i) => i * WATCH_INTERVAL_MS);
  for (const t of times) {
    const { sent, received } = options.traffic(t);
    tx += sent;
    rx += received;
    // A probe sent at the last sample: it went out (tx), and its answer came back if the path carries it.
    if (probePending && (options.up ? options.up(t) : received > 0) && options.answers) {
      rx += 64;
      state!.answers = true;
    }
    probePending = false;
    const verdict = watchPath(state, { rxBytes: rx, txBytes: tx, latestHandshake: HANDSHAKE }, t);
    state = verdict.state;
    if (verdict.probe) {
      probes += 1;
      probePending = true;
      tx += 96;
    }
    if (verdict.broken && brokenAt === undefined) [brokenAt, why] = [t, verdict.broken];
  }
  return { brokenAt, probes, why, state: state! };
}

describe('watchPath', () => {
  it('when a connected peer answers everything sent to it, never calls the path broken and probes only to learn it answers', () => {
    const run = simulate({ samples: 120, answers: true, traffic: () => ({ sent: 500, received: 500 }) });
    expect(run.brokenAt).toBeUndefined();
    expect(run.probes).toBe(1);
    expect(run.state.answers).toBe(true);
  });

  it('when the path breaks while this host keeps sending to a peer that answers probes, calls it broken within 5 s', () => {
    const cutAt = 10_000;
    const run = simulate({
      samples: 30,
      answers: true,
      traffic: (t) => ({ sent: 500, received: t < cutAt ? 500 : 0 }),
    });
    expect(run.brokenAt).toBeDefined();
    expect(run.brokenAt! - cutAt).toBeLessThanOrEqual(5_000);
    expect(run.why).toMatch(
      new RegExp(`nothing back for \\d+ s while sending; ${PROBES_BEFORE_BROKEN} probes`),
    );
  });

  it('when the pair is idle (keepalives only) and the path works, never calls it broken', () => {
    const run = simulate({
      samples: 200,
      answers: true,
      // Each side's persistent keepalive every 20 s, out of step.
      traffic: (t) => ({ sent: t % 20_000 === 0 ? 32 : 0, received: t % 20_000 === 7_000 ? 32 : 0 }),
      up: () => true,
    });
    expect(run.brokenAt).toBeUndefined();
  });

  it('when nothing at all comes from a connected peer and nothing counts as sent (a send failing on this host), calls the path broken after the idle time', () => {
    const run = simulate({
      samples: 60,
      answers: true,
      traffic: (t) => ({ sent: 0, received: t < 5_000 ? 100 : 0 }),
      up: (t) => t < 5_000,
    });
    expect(run.brokenAt).toBeDefined();
    expect(run.brokenAt! - 4_000).toBeGreaterThanOrEqual(IDLE_SUSPECT_MS);
    expect(run.brokenAt! - 4_000).toBeLessThanOrEqual(IDLE_SUSPECT_MS + 5_000);
  });

  it('when one probe goes unanswered but the next traffic comes back, does not call the path broken', () => {
    // Replies stall for two seconds (a loaded peer), then resume: fewer than the probes it takes.
    const run = simulate({
      samples: 30,
      answers: true,
      traffic: (t) => ({ sent: 500, received: t >= 10_000 && t < 12_000 ? 0 : 500 }),
    });
    expect(run.brokenAt).toBeUndefined();
  });

  it('when this agent samples late (held up for 6 s) while the path works, does not call it broken: the counters kept counting', () => {
    const times = [0, 1_000, 2_000, 3_000, 9_000, 10_000, 11_000, 17_000, 18_000];
    const run = simulate({
      samples: times.length,
      times,
      answers: true,
      traffic: () => ({ sent: 500, received: 500 }),
    });
    expect(run.brokenAt).toBeUndefined();
  });

  it('when the peer never answers probes (its policy drops them), waits for the keepalive WireGuard owes before calling it broken', () => {
    const cutAt = 70_000;
    const healthy = simulate({
      samples: 200,
      answers: false,
      // The peer sends nothing of its own; its WireGuard answers data with a keepalive 10 s later.
      traffic: (t) => ({ sent: 500, received: t % 10_000 === 0 ? 32 : 0 }),
    });
    expect(healthy.brokenAt).toBeUndefined();
    const cut = simulate({
      samples: 120,
      answers: false,
      traffic: (t) => ({ sent: 500, received: t < cutAt && t % 10_000 === 0 ? 32 : 0 }),
    });
    expect(cut.brokenAt).toBeDefined();
    expect(cut.brokenAt! - cutAt).toBeLessThanOrEqual(UNANSWERING_BROKEN_MS + 2 * WATCH_INTERVAL_MS);
    expect(cut.why).toMatch(/not even a keepalive/);
  });

  it('when a connected peer has not answered a probe yet, asks it again only every learning period', () => {
    const first = watchPath(undefined, { rxBytes: 10, txBytes: 10, latestHandshake: HANDSHAKE }, 0);
    expect(first.probe).toBe(true);
    const soon = watchPath(first.state, { rxBytes: 20, txBytes: 10, latestHandshake: HANDSHAKE }, 1_000);
    expect(soon.probe).toBe(false);
    // The first tries come quickly (one may be lost while the pair's routes change), then once a learning period.
    let state = soon.state;
    const probedAt: number[] = [0];
    for (let t = 2_000; t <= LEARN_EVERY_MS + 20_000; t += 1_000) {
      const verdict = watchPath(state, { rxBytes: 20 + t, txBytes: 10, latestHandshake: HANDSHAKE }, t);
      if (verdict.probe) probedAt.push(t);
      state = verdict.state;
    }
    expect(probedAt).toEqual([0, LEARN_RETRY_MS, 2 * LEARN_RETRY_MS, 2 * LEARN_RETRY_MS + LEARN_EVERY_MS]);
    expect(LEARN_QUICK_TRIES).toBe(3);
  });

  it('when the peer never completed a handshake, leaves it to the handshake rule (no probes, no verdict)', () => {
    let state: PathState | undefined;
    for (let t = 0; t < 30_000; t += 1_000) {
      const verdict = watchPath(state, { rxBytes: 0, txBytes: t / 10, latestHandshake: 0 }, t);
      expect(verdict).toMatchObject({ probe: false, broken: undefined });
      state = verdict.state;
    }
  });
});
