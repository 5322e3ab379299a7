import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const UNIT_NAME = 'meshdeck-agent.service';

export interface ServiceOptions {
  /** The Node.js binary and the agent script the unit starts (absolute paths); for the single executable, the
   * executable and an empty script path. */
  nodePath: string;
  scriptPath: string;
  stateDir: string;
  /** Extra `run` options to keep (e.g. `--stun host:port`, `--check-in-seconds N`). */
  runArgs: string[];
}

/** systemd quotes arguments with double quotes; a path with spaces or quotes must survive that. */
const quote = (arg: string): string =>
  /^[\w@%+=:,./-]+$/.test(arg) ? arg : `"${arg.replace(/(["\\])/g, '\\$1')}"`;

/**
 * The unit: `meshdeck-agent run` restarted whenever it ends (a SIGTERM leaves the tunnel up, so a restart or an
 * upgrade does not drop traffic), after the network is up, with a umask that keeps new state files private.
 */
export function renderUnit(options: ServiceOptions): string {
  // The single executable has no script: scriptPath is empty and the unit runs the executable itself.
  const exec = [
    options.nodePath,
    ...(options.scriptPath ? [options.scriptPath] : []),
    'run',
    '--state-dir',
    options.stateDir,
    ...options.runArgs,
  ]
    .map(quote)
    .join(' ');
  return `[Unit]
Description=Meshdeck agent (WireGuard mesh)
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
ExecStart=${exec}
Restart=always
RestartSec=5
UMask=0077
KillSignal=SIGTERM

[Install]
WantedBy=multi-user.target
`;
}

/** Where the unit goes under `root` ("/" on a real install; a temporary directory in tests or image builds). */
export const unitPath = (root: string): string => path.join(root, 'etc', 'systemd', 'system', UNIT_NAME);

const systemctl = (args: string[]) => execFileSync('systemctl', args, { stdio: 'inherit' });

/**
 * Writes the unit (0644) and, on the live system (root "/"), reloads systemd and enables and starts it. Under
 * another root only the file is written: nothing there can be started.
 */
export function installService(root: string, options: ServiceOptions): string {
  const file = unitPath(root);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, renderUnit(options), { mode: 0o644 });
  if (path.resolve(root) === '/') {
    systemctl(['daemon-reload']);
    systemctl(['enable', '--now', UNIT_NAME]);
  }
  return file;
}

/** Stops and disables the unit on the live system, then removes its file; the state directory is left alone. */
export function uninstallService(root: string): string {
  const file = unitPath(root);
  if (path.resolve(root) === '/' && fs.existsSync(file)) {
    systemctl(['disable', '--now', UNIT_NAME]);
  }
  fs.rmSync(file, { force: true });
  if (path.resolve(root) === '/') systemctl(['daemon-reload']);
  return file;
}
