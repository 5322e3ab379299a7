import { parseArgs } from 'node:util';
import { decodeEnrollmentToken } from '@meshdeck/contracts';
import { DEFAULT_HOSTS_FILE } from './hosts-file.ts';

export type Command =
  | {
      kind: 'join';
      server: string;
      token: string;
      common: CommonOptions;
      name: string | undefined;
      endpoint: string | undefined;
      port: number;
      isStaticPort: boolean;
    }
  | { kind: 'run'; common: CommonOptions }
  | { kind: 'leave'; common: CommonOptions }
  | { kind: 'status'; common: CommonOptions }
  | { kind: 'install'; common: CommonOptions; root: string }
  | { kind: 'uninstall'; common: CommonOptions; root: string }
  | { kind: 'help' }
  | { kind: 'version' };

export interface CommonOptions {
  stateDir: string;
  interfaceName: string;
  dryRun: boolean;
  checkInSeconds: number;
  /** How often the agent measures its peers and publishes the metrics (issue 41); a change is sent at once. */
  metricsSeconds: number;
  /** `host:port` of a STUN server to learn the public endpoint from (otherwise the server's view is used). */
  stunServer: string | undefined;
  /**
   * Internet-gateway client whose gateway stops answering: `closed` keeps all traffic in the tunnel (nothing
   * leaks), `open` falls back to the host's own default route until the gateway answers again. A local override
   * of the network's setting (`internetfailmode`); undefined follows the network.
   */
  internetFailMode: 'closed' | 'open' | undefined;
  /**
   * The hosts file the agent keeps the networks' DNS names in (a marked block it rewrites, removed on leave):
   * `/etc/hosts` unless `--hosts-file FILE` names another or `--no-hosts-file` turns it off (undefined), so a host
   * joined with the console's command resolves the names (issue 39, decision 048). A dry run writes none.
   */
  hostsFile: string | undefined;
}

export const USAGE = `usage:
  meshdeck-agent join --server URL --token TOKEN [--state-dir DIR] [--interface NAME] [--name NAME]
                      [--endpoint IP] [--port N] [--stun HOST:PORT] [--check-in-seconds N] [--dry-run]
                      [--metrics-seconds N]
                      [--internet-fail closed|open] [--hosts-file FILE | --no-hosts-file]
  meshdeck-agent run   [--state-dir DIR] [--stun HOST:PORT] [--dry-run] [--internet-fail closed|open]
                       [--hosts-file FILE | --no-hosts-file]
  meshdeck-agent leave [--state-dir DIR] [--hosts-file FILE | --no-hosts-file]
  meshdeck-agent status [--state-dir DIR]
  meshdeck-agent install [--state-dir DIR] [--stun HOST:PORT] [--check-in-seconds N] [--root DIR]
                         [--hosts-file FILE | --no-hosts-file]
  meshdeck-agent uninstall [--root DIR]

The networks' DNS names go into a marked block of /etc/hosts (--hosts-file names another file, --no-hosts-file
writes none); "leave" removes the block.`;

const positiveInt = (value: string | undefined, fallback: number, flag: string): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} must be a positive integer`);
  return n;
};

/** Parses the command line; throws an Error with a clear message for bad input. */
export function parseCommand(argv: string[], defaultStateDir: string): Command {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      token: { type: 'string' },
      'state-dir': { type: 'string' },
      interface: { type: 'string' },
      name: { type: 'string' },
      endpoint: { type: 'string' },
      port: { type: 'string' },
      'check-in-seconds': { type: 'string' },
      'metrics-seconds': { type: 'string' },
      stun: { type: 'string' },
      root: { type: 'string' },
      'dry-run': { type: 'boolean' },
      'internet-fail': { type: 'string' },
      'hosts-file': { type: 'string' },
      'no-hosts-file': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  if (values.version || command === 'version') return { kind: 'version' };
  if (values.help || command === undefined || command === 'help') return { kind: 'help' };
  const common: CommonOptions = {
    stateDir: values['state-dir'] ?? defaultStateDir,
    interfaceName: values.interface ?? 'meshdeck',
    dryRun: values['dry-run'] ?? false,
    checkInSeconds: positiveInt(values['check-in-seconds'], 30, '--check-in-seconds'),
    metricsSeconds: positiveInt(values['metrics-seconds'], 60, '--metrics-seconds'),
    stunServer: values.stun,
    internetFailMode:
      values['internet-fail'] === 'open' || values['internet-fail'] === 'closed'
        ? values['internet-fail']
        : undefined,
    hostsFile: values['no-hosts-file'] ? undefined : (values['hosts-file'] ?? DEFAULT_HOSTS_FILE),
  };
  if (values['no-hosts-file'] && values['hosts-file'] !== undefined)
    throw new Error('--hosts-file and --no-hosts-file cannot be given together');
  if (common.hostsFile !== undefined && !common.hostsFile.startsWith('/'))
    throw new Error('--hosts-file must be an absolute path');
  if (values['internet-fail'] !== undefined && !['open', 'closed'].includes(values['internet-fail']))
    throw new Error('--internet-fail must be open or closed');
  if (!/^[a-zA-Z0-9_=+.-]{1,15}$/.test(common.interfaceName))
    throw new Error('--interface must be a valid interface name (at most 15 characters)');
  if (command === 'run' || command === 'leave' || command === 'status') return { kind: command, common };
  // --root writes the systemd unit under another root (an image being built, a test) and starts nothing.
  if (command === 'install') return { kind: 'install', common, root: values.root ?? '/' };
  if (command === 'uninstall') return { kind: 'uninstall', common, root: values.root ?? '/' };
  if (command !== 'join') throw new Error(`unknown command "${command}"\n${USAGE}`);
  if (!values.token) throw new Error('join needs --token (an enrollment key token)');
  // The token names the server's API address; --server overrides it.
  const server = (values.server ?? decodeEnrollmentToken(values.token)?.server ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\//.test(server))
    throw new Error('join needs --server http(s)://host:port (the token does not name a usable server)');
  const port = positiveInt(values.port, 51821, '--port');
  if (port > 65535) throw new Error('--port must be at most 65535');
  // A port given by hand is kept as it is (isstaticport): the server must not move it (api-contract §5.9).
  return {
    kind: 'join',
    server,
    token: values.token,
    common,
    name: values.name,
    endpoint: values.endpoint,
    port,
    isStaticPort: values.port !== undefined,
  };
}
