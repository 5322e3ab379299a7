import fs from 'node:fs';
import path from 'node:path';
import type { BrokerCredentials } from '../broker/broker-credentials.ts';
import { isPlainName, mosquittoAcl, type HostWithNodes } from '../modules/hosts/hosts.public.ts';

export interface MosquittoFilesInput {
  serverName: string;
  /** The server's own account (the user and password in MQTT_URL). */
  serverAccount: { username: string; password: string };
  credentials: BrokerCredentials;
  hosts: readonly HostWithNodes[];
}

export interface MosquittoFiles {
  /** `password_file`: one `user:$7$...` line per account. */
  passwords: string;
  /** `acl_file`: the server may use every topic, each host only its own. */
  acl: string;
  accounts: number;
}

/** The password and ACL files of a Mosquitto that serves this server's agents (per-host accounts, §6.1). */
export function mosquittoFiles(input: MosquittoFilesInput): MosquittoFiles {
  const { serverAccount, credentials } = input;
  if (!isPlainName(serverAccount.username))
    throw new Error(
      `the server's broker user "${serverAccount.username}" must be letters, digits, dot, dash or underscore`,
    );
  const hosts = input.hosts.filter((h) => isPlainName(h.id) && h.id !== serverAccount.username);
  const lines = [credentials.mosquittoLine(serverAccount.username, serverAccount.password)];
  for (const host of hosts) lines.push(credentials.mosquittoLine(host.id, credentials.passwordOf(host.id)));
  return {
    passwords: `${lines.join('\n')}\n`,
    acl: mosquittoAcl(input.serverName, serverAccount.username, hosts),
    accounts: hosts.length,
  };
}

/**
 * Writes a file atomically (temp file, then rename) with owner/group read only: the hashes are not secrets the
 * way passwords are, but nobody else needs them. Returns false when the content was already the same.
 */
export function writeIfChanged(file: string, content: string): boolean {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) return false;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, content, { mode: 0o640 });
  fs.renameSync(temp, file);
  return true;
}
