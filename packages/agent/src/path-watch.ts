/**
 * Is the direct path to a connected peer broken? (issue 41, decision 057) Pure: the failover control samples
 * WireGuard's counters every {@link WATCH_INTERVAL_MS}, feeds each direct peer's sample here with the state kept
 * from the last one, sends the probes asked for (a UDP request to the peer's probe responder, through the tunnel)
 * and hands a peer whose path is broken to the failover node.
 *
 * Evidence of a live path is the peer's receive counter growing: any packet from it (an answer, a keepalive, a
 * handshake response) is proof, and the counter is the kernel's (or wireguard-go's), so a loaded agent that
 * samples late still sees what arrived meanwhile. A peer becomes suspect when this host sent to it since the last
 * packet from it and nothing came for {@link SUSPECT_AFTER_MS}; a suspect peer is probed once per sample. Broken:
 * - a peer known to answer probes: {@link PROBES_BEFORE_BROKEN} probes sent, one per sample, and not one packet
 *   back (about 3-4 s after the path broke);
 * - a peer that never answered a probe (an older agent, or a policy that drops the probe port): nothing back
 *   {@link UNANSWERING_BROKEN_MS} after the first probe, although WireGuard answers any data packet with a
 *   keepalive within 10 s.
 * An idle pair is suspect only when nothing at all came from the peer for {@link IDLE_SUSPECT_MS} (longer than its
 * keepalive), which also catches sends that fail on this host before they count.
 */

export const WATCH_INTERVAL_MS = 1_000;
/** Sent to the peer, nothing from it for this long: probe it. */
export const SUSPECT_AFTER_MS = 1_000;
/** Unanswered probes (one per sample) after which a peer that answers probes has no path. */
export const PROBES_BEFORE_BROKEN = 3;
/** For a peer that never answered a probe: WireGuard's passive keepalive (10 s) plus a margin. */
export const UNANSWERING_BROKEN_MS = 15_000;
/**
 * Nothing at all from a connected peer for this long is suspect even when this host's counter shows no sending: the
 * peer's persistent keepalive (20 s by default) would have come, and a send that fails on this host (no route to
 * the peer's endpoint) never shows in the counter.
 */
export const IDLE_SUSPECT_MS = 30_000;
/** A peer that did not answer a probe yet is asked again this often, to learn whether it answers... */
export const LEARN_EVERY_MS = 60_000;
/** ...after its first few tries, this far apart (a probe sent while the pair's routes change may be lost). */
export const LEARN_RETRY_MS = 5_000;
export const LEARN_QUICK_TRIES = 3;

/** What WireGuard says of one peer at one sample. */
export interface PathSample {
  rxBytes: number;
  txBytes: number;
  /** Seconds since the epoch of the latest handshake; 0 = never. */
  latestHandshake: number;
}

export interface PathState {
  rx: number;
  tx: number;
  /** When (ms) a sample last saw the receive counter grow. */
  rxAt: number;
  /** This host sent to the peer since then. */
  sending: boolean;
  /** Probes sent since then (while suspect), and when the first of them went. */
  probes: number;
  firstProbeAt: number;
  /** The peer answered a probe once: its agent answers and nothing on the way drops them. */
  answers: boolean;
  /** When a probe last went to learn whether the peer answers, and how many went. */
  learnedAt: number;
  learnTries: number;
}

export interface PathVerdict {
  state: PathState;
  /** Send one probe to the peer now. */
  probe: boolean;
  /** Why the direct path counts as broken (undefined while it does not). */
  broken: string | undefined;
}

/** Takes one sample of a direct peer; `before` is the state from the last one (undefined for a new peer). */
export function watchPath(before: PathState | undefined, sample: PathSample, now: number): PathVerdict {
  const connected = sample.latestHandshake > 0;
  if (!before) {
    const state: PathState = {
      rx: sample.rxBytes,
      tx: sample.txBytes,
      rxAt: now,
      sending: false,
      probes: 0,
      firstProbeAt: 0,
      answers: false,
      learnedAt: connected ? now : -Infinity,
      learnTries: connected ? 1 : 0,
    };
    return { state, probe: connected, broken: undefined };
  }
  // A counter that went down means the peer was configured afresh: start over from what it says now.
  const received = sample.rxBytes !== before.rx;
  const state: PathState = received
    ? { ...before, rx: sample.rxBytes, tx: sample.txBytes, rxAt: now, sending: false, probes: 0 }
    : { ...before, tx: sample.txBytes, sending: before.sending || sample.txBytes > before.tx };
  const quiet = now - state.rxAt;
  const suspect = connected && ((state.sending && quiet >= SUSPECT_AFTER_MS) || quiet >= IDLE_SUSPECT_MS);
  if (!suspect) {
    state.probes = 0;
    const wait = state.learnTries < LEARN_QUICK_TRIES ? LEARN_RETRY_MS : LEARN_EVERY_MS;
    const learn = connected && !state.answers && now - state.learnedAt >= wait;
    if (learn) [state.learnedAt, state.learnTries] = [now, state.learnTries + 1];
    return { state, probe: learn, broken: undefined };
  }
  let broken: string | undefined;
  const silentS = Math.round((now - state.rxAt) / 1000);
  if (state.answers && state.probes >= PROBES_BEFORE_BROKEN)
    broken = `nothing back for ${silentS} s while sending; ${state.probes} probes unanswered`;
  else if (!state.answers && state.probes > 0 && now - state.firstProbeAt >= UNANSWERING_BROKEN_MS)
    broken = `nothing back for ${silentS} s while sending, not even a keepalive`;
  if (state.probes === 0) state.firstProbeAt = now;
  state.probes += 1;
  return { state, probe: true, broken };
}
