import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ipNetToCidr } from '@meshdeck/contracts';
import type { CommonOptions } from './args.ts';
import { ServerApi } from './server-api.ts';
import { loadState } from './state.ts';
import type { RoutingStatus } from './mesh-routing.ts';
import { renderRoutingStatus, renderStatus, type HostNetwork, type PeerName } from './status.ts';

/** The running agent's routing picture, in the state dir (mesh-routing.ts writes it after every change). */
export const ROUTING_STATUS_FILE = 'routing-status.json';

const run = promisify(execFile);

/**
 * `meshdeck-agent status`: the live interface (`wg show <name> dump`) with peers named from the server's view
 * (a pull). When the server is unreachable the tunnel is still shown, with keys instead of names.
 */
export async function printStatus(common: CommonOptions): Promise<void> {
  const state = loadState(common.stateDir);
  const { stdout: dump } = await run('wg', ['show', state.interfaceName, 'dump']).catch((error: unknown) => {
    throw new Error(
      `interface ${state.interfaceName} is not up (${error instanceof Error ? error.message.split('\n')[0] : 'wg failed'}); is the agent running?`,
    );
  });
  const names = new Map<string, PeerName>();
  const networks: HostNetwork[] = [];
  let note: string | undefined;
  try {
    const pull = await new ServerApi(state.server, state.hostId, state.hostPassword).pull();
    for (const [key, peer] of Object.entries(pull.peer_ids ?? {}))
      names.set(key, { name: peer.name, network: peer.network, address: peer.address });
    for (const node of pull.nodes)
      networks.push({
        network: node.network,
        address: [ipNetToCidr(node.address), ipNetToCidr(node.address6)].filter(Boolean).join(', '),
      });
  } catch (error) {
    note = `peer names unavailable: ${error instanceof Error ? error.message : 'server unreachable'}`;
  }
  process.stdout.write(
    renderStatus({
      interfaceName: state.interfaceName,
      hostName: state.name,
      dump,
      networks,
      names,
      nowSeconds: Math.floor(Date.now() / 1000),
      ...(note ? { note } : {}),
    }),
  );
  const file = path.join(common.stateDir, ROUTING_STATUS_FILE);
  if (fs.existsSync(file))
    process.stdout.write(renderRoutingStatus(JSON.parse(fs.readFileSync(file, 'utf8')) as RoutingStatus));
}
