import fs from 'node:fs';
import path from 'node:path';
import type { DnsEntry } from '@meshdeck/contracts';

/**
 * The network's names answered through a hosts file the agent owns a block of (issue 32, decision 034): the lines
 * between its two markers are rewritten, every other line is kept as it is. Inside a network namespace
 * `/etc/netns/<name>/hosts` is what processes started with `ip netns exec` see as /etc/hosts.
 */
export const BEGIN_MARK = '# BEGIN meshdeck-agent (managed: edits inside this block are replaced)';
export const END_MARK = '# END meshdeck-agent';

/** The block's lines for these entries: one line per address, sorted, names already fully qualified. */
export function hostsLines(entries: readonly DnsEntry[]): string[] {
  const lines = new Set<string>();
  for (const entry of entries)
    for (const address of [entry.address, entry.address6])
      if (address && /^[A-Za-z0-9.-]+$/.test(entry.name)) lines.add(`${address}\t${entry.name}`);
  return [...lines].sort();
}

/** `existing` with the agent's block replaced by these lines (removed when there are none). */
export function rewriteHosts(existing: string, lines: readonly string[]): string {
  const kept: string[] = [];
  let inside = false;
  for (const line of existing.split('\n')) {
    if (line === BEGIN_MARK) inside = true;
    else if (line === END_MARK) inside = false;
    else if (!inside) kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  const block = lines.length > 0 ? [BEGIN_MARK, ...lines, END_MARK] : [];
  const all = [...kept, ...block];
  return all.length > 0 ? `${all.join('\n')}\n` : '';
}

/**
 * The DNS entries per network and the file they are written to. A DNS_UPDATE changes some names of one network, a
 * DNS_SYNC replaces one network's entries, a pull all of them; the file is written (to a temporary file renamed over it, so no reader sees half of it) only when
 * its text changes.
 */
export class HostsFile {
  #byNetwork = new Map<string, DnsEntry[]>();

  constructor(
    readonly file: string,
    private readonly log: (message: string) => void,
  ) {}

  /** Every network's entries, from a pull: networks it does not name are forgotten. */
  replaceAll(entries: readonly DnsEntry[]): void {
    this.#byNetwork = new Map();
    for (const entry of entries) {
      const list = this.#byNetwork.get(entry.network) ?? [];
      list.push(entry);
      this.#byNetwork.set(entry.network, list);
    }
    this.write();
  }

  /** One network's whole list, from a DNS_SYNC message. */
  replaceNetwork(network: string, entries: readonly DnsEntry[]): void {
    this.#byNetwork.set(
      network,
      entries.map((e) => ({ ...e, network })),
    );
    this.write();
  }

  /**
   * What changed in one network, from a DNS_UPDATE: every entry it had under a name in `removed` or in `added` goes,
   * then `added` is appended (so an added name replaces what was there, and a name's entries come together).
   */
  applyUpdate(network: string, added: readonly DnsEntry[], removed: readonly string[]): void {
    const replaced = new Set([...removed, ...added.map((e) => e.name)]);
    this.#byNetwork.set(network, [
      ...(this.#byNetwork.get(network) ?? []).filter((e) => !replaced.has(e.name)),
      ...added.map((e) => ({ ...e, network })),
    ]);
    this.write();
  }

  /** Removes the block (leave, host deleted). */
  clear(): void {
    this.#byNetwork = new Map();
    this.write();
  }

  private write(): void {
    const lines = hostsLines([...this.#byNetwork.values()].flat());
    let existing = '';
    try {
      existing = fs.readFileSync(this.file, 'utf8');
    } catch {
      // Absent: created with the block alone.
    }
    const next = rewriteHosts(existing, lines);
    if (next === existing) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const temporary = `${this.file}.meshdeck-${process.pid}`;
      fs.writeFileSync(temporary, next, { mode: 0o644 });
      fs.renameSync(temporary, this.file);
      this.log(`dns: ${lines.length} name(s) written to ${this.file}`);
    } catch (error) {
      this.log(
        `dns: could not write ${this.file}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
