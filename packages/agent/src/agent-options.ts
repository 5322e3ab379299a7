import type { HostPull } from '@meshdeck/contracts';
import type { BackoffPolicy } from './backoff.ts';
import type { InternetFailMode } from './mesh-routing.ts';
import type { AgentState } from './state.ts';

/** How the CLI (and the tests) set up a running agent (agent-loop.ts). */
export interface AgentOptions {
  checkInSeconds: number;
  /** How often peers are measured and metrics published (default 60); a change of a peer's state goes at once. */
  metricsSeconds?: number;
  /** A full pull this often repairs anything a missed broker message left behind. */
  pullSeconds: number;
  log: (message: string) => void;
  /** Called when the server deleted this host: the agent has taken its interface down. */
  onDeleted: () => void;
  /** How to join this host again, for the message when the server no longer knows it. */
  joinCommand: string;
  /** Saves the state file after a change of its own (key rotation); without it changes live in memory only. */
  persistState?: (state: AgentState) => void;
  /** A STUN server (`host:port`) asked for the public endpoint at every check-in. */
  stunServer?: string | undefined;
  /** Host action UPGRADE / FORCE_UPGRADE (see upgrade.ts); without it the action is logged as unsupported. */
  onUpgrade?: (force: boolean) => Promise<void>;
  /** Called after each full pull is applied (autoupdate looks at the host's flag there). */
  onPull?: (pull: HostPull) => Promise<void>;
  /** Retry and reconnect pacing; tests may shorten it. */
  backoff?: BackoffPolicy;
  /** Where the routing status (active router per range, shadowed routes, firewall tool) is written as JSON. */
  routingStatusFile?: string;
  /**
   * Internet-gateway client whose gateway stops answering: keep traffic in the tunnel (closed) or not (open).
   * Overrides the network's setting on this host; without it the network's setting applies.
   */
  internetFailMode?: InternetFailMode | undefined;
  /** Answer other agents' gateway probes on the mesh addresses (off on a dry run). */
  answerProbes?: boolean;
  /** The hosts file whose marked block holds the networks' DNS names (issue 32); without it names are not written. */
  hostsFile?: string | undefined;
}
