import dgram from 'node:dgram';
import os from 'node:os';
import type { HostInterface } from '@meshdeck/contracts';

/** The agent's version as the server expects it (`v` + package version). */
export const AGENT_VERSION = 'v0.30.0';

/**
 * True when this agent is the single executable (build-binaries.mjs) rather than the .mjs bundle run by a Node.js
 * of the host's: the executable is its own program, with no script path after it. Node 18 has neither
 * process.getBuiltinModule nor node:sea, and there the agent is always the bundle.
 */
export function isSingleExecutable(): boolean {
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  const sea = getBuiltin?.call(process, 'node:sea') as { isSea?: () => boolean } | undefined;
  return sea?.isSea?.() ?? false;
}

/**
 * The local address this machine uses to reach the server: what peers on the same networks can dial. Found by
 * "connecting" a UDP socket (no packet is sent) and reading its local address.
 */
export async function detectEndpoint(serverUrl: string): Promise<string> {
  const { hostname } = new URL(serverUrl);
  const host = hostname.replace(/^\[|\]$/g, '');
  const socket = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(9, host, () => resolve());
    });
    return socket.address().address;
  } catch {
    return '';
  } finally {
    socket.close();
  }
}

/** Local interfaces with their addresses, minus loopback and the mesh interface itself. */
export function localInterfaces(meshInterface: string): HostInterface[] {
  return Object.entries(os.networkInterfaces()).flatMap(([name, addresses]) =>
    name === meshInterface
      ? []
      : (addresses ?? [])
          .filter((a) => !a.internal)
          .map((a) => ({ name, addressString: a.cidr ?? `${a.address}/${a.family === 'IPv4' ? 32 : 128}` })),
  );
}
