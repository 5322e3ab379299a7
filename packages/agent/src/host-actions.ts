import { generateWireGuardKeys } from './keys.ts';
import type { AgentState } from './state.ts';

/** What a key rotation needs from the rest of the agent. */
export interface KeyRotationSteps {
  /** Writes the state file (0600) so a restart resumes with the key the server is about to know. */
  persist: (state: AgentState) => void;
  /** Tells the server the new public key (UPDATE_HOST); it then updates this host on every peer. */
  report: (publicKey: string) => Promise<void>;
  /** Puts the new private key on the interface (`wg syncconf`: peers stay, sessions re-handshake). */
  apply: () => Promise<void>;
}

/**
 * Host action UPDATE_KEYS (api-contract §2.4 `PUT /api/hosts/{id}/keys`): a fresh key pair replaces the old one.
 * Order matters: the state is saved before the server hears of the key (a crash in between must not leave the
 * server with a public key whose private half is lost), and the interface switches only after the server accepted
 * it, so peers learn the new key while this host still answers on the old one: at most one handshake is lost.
 * When the report fails the interface switches anyway and the next check-in (which carries the key) reports it.
 */
export async function rotateKeys(
  state: AgentState,
  steps: KeyRotationSteps,
): Promise<{ reported: boolean; error?: unknown }> {
  const keys = generateWireGuardKeys();
  state.privateKey = keys.privateKey;
  state.publicKey = keys.publicKey;
  steps.persist(state);
  let outcome: { reported: boolean; error?: unknown } = { reported: true };
  try {
    await steps.report(keys.publicKey);
  } catch (error) {
    outcome = { reported: false, error };
  }
  await steps.apply();
  return outcome;
}
