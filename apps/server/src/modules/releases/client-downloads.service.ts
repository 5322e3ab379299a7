import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ClientDownload, ClientDownloads } from '@meshdeck/contracts';

/** Where the contract serves client downloads (api-contract §1.4); the agent-files plugin serves the folder. */
const FILES_PREFIX = '/meshclient/files/';

/** The agent's files as packages/agent's build names them: the single executables and the Node.js bundle. */
function describe(name: string): Pick<ClientDownload, 'os' | 'arch' | 'kind'> | undefined {
  const executable = /^meshdeck-agent-(linux)-(x64|arm64)$/.exec(name);
  if (executable) return { os: 'linux', arch: executable[2] ?? '', kind: 'agent-executable' };
  if (name === 'meshdeck-agent.mjs') return { os: 'any', arch: 'any', kind: 'agent-bundle' };
  return undefined;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The client downloads this server offers (spec §9), with the sha256 of each file's bytes. Digests are computed
 * from the files themselves on the first request (the executables are 120 MiB each, so not on every start of
 * every test server) and kept while a file's size and modification time stay the same: a rebuilt agent gets a
 * fresh digest, never the old one.
 */
export class ClientDownloadsCatalog {
  private readonly digests = new Map<string, { stamp: string; sha256: Promise<string> }>();

  constructor(
    private readonly dir: string,
    private readonly version: string,
  ) {}

  /** The files present now, sorted by OS, architecture and name. */
  async list(): Promise<ClientDownloads> {
    const names = await fs.promises.readdir(this.dir).catch(() => [] as string[]);
    const files: ClientDownload[] = [];
    for (const name of names.sort()) {
      const kind = describe(name);
      if (!kind) continue;
      const file = path.join(this.dir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (!stat?.isFile()) continue;
      files.push({
        name,
        ...kind,
        size: stat.size,
        sha256: await this.digest(file, `${stat.size}:${stat.mtimeMs}`),
        url: `${FILES_PREFIX}${name}`,
      });
    }
    return { version: this.version, files };
  }

  private digest(file: string, stamp: string): Promise<string> {
    const known = this.digests.get(file);
    if (known?.stamp === stamp) return known.sha256;
    const sha256 = sha256Of(file);
    this.digests.set(file, { stamp, sha256 });
    // A failed read is not remembered: the next request tries again.
    sha256.catch(() => this.digests.delete(file));
    return sha256;
  }
}
