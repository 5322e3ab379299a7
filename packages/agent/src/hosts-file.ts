import fs from 'node:fs';
import path from 'node:path';
import { dnsNameProblem, isIPv4Address, isIPv6Address, type DnsEntry } from '@meshdeck/contracts';

/**
 * The networks' names answered through a hosts file the agent owns a block of (issue 32, decisions 034 and 048):
 * the lines between its two markers are rewritten, every other line is kept as it is. A joined agent keeps
 * /etc/hosts unless told `--no-hosts-file`; inside a network namespace whose `/etc/netns/<name>/hosts` exists,
 * processes started with `ip netns exec` see that file as /etc/hosts.
 */
export const BEGIN_MARK = '# BEGIN meshdeck-agent (managed: edits inside this block are replaced)';
export const END_MARK = '# END meshdeck-agent';
/** The hosts file a joined agent keeps unless told otherwise. */
export const DEFAULT_HOSTS_FILE = '/etc/hosts';

/**
 * Whether one network's entry may be written (decision 048): its name lies under that network's own domain
 * (`<label>….<network>`, RFC 1123 labels), so no network's entry can take another network's name or a name outside
 * the mesh (`github.com`, `localhost`) whatever a server or an older server sends; and its addresses are addresses.
 */
export const isWritableEntry = (network: string, entry: DnsEntry): boolean =>
  dnsNameProblem(entry.name, network) === undefined &&
  (entry.address === '' || isIPv4Address(entry.address)) &&
  (entry.address6 === '' || isIPv6Address(entry.address6));

/**
 * The block's lines: per network (networks in name order), a comment naming it, then one line per address of
 * each entry the network may hold, sorted. Names are lower-cased (resolvers compare them case-blind).
 */
export function hostsLines(byNetwork: ReadonlyMap<string, readonly DnsEntry[]>): string[] {
  const out: string[] = [];
  for (const network of [...byNetwork.keys()].sort()) {
    const lines = new Set<string>();
    for (const entry of byNetwork.get(network) ?? []) {
      if (!isWritableEntry(network, entry)) continue;
      for (const address of [entry.address, entry.address6])
        if (address) lines.add(`${address}\t${entry.name.toLowerCase()}`);
    }
    if (lines.size > 0) out.push(`# network ${network}`, ...[...lines].sort());
  }
  return out;
}

/**
 * `existing` with the agent's block replaced by these lines (removed when there are none). A BEGIN marker with no
 * END after it (a hand edit) loses only that marker line: what follows it is the operator's, not the agent's.
 */
export function rewriteHosts(existing: string, lines: readonly string[]): string {
  const all = existing.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < all.length; i++) {
    if (all[i] === BEGIN_MARK) {
      const end = all.indexOf(END_MARK, i + 1);
      if (end !== -1) i = end;
      continue;
    }
    if (all[i] !== END_MARK) kept.push(all[i]!);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  const block = lines.length > 0 ? [BEGIN_MARK, ...lines, END_MARK] : [];
  const text = [...kept, ...block];
  return text.length > 0 ? `${text.join('\n')}\n` : '';
}

/** Errors of a rename onto a file that is a mount point (a bind-mounted /etc/hosts: containers, `ip netns exec`). */
const isMountPoint = (error: unknown): boolean =>
  ['EBUSY', 'EXDEV'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Writes `text` to `file`: to a temporary file beside it, renamed over it, so no reader sees half of it; the file's
 * mode is kept. A hosts file that is a mount point (Docker and `ip netns exec` bind-mount one over /etc/hosts)
 * cannot be renamed over: it is then written in place, the one way to change it there.
 */
export function writeAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let mode = 0o644;
  try {
    mode = fs.statSync(file).mode & 0o7777;
  } catch {
    // Absent: created 0644.
  }
  const temporary = `${file}.meshdeck-${process.pid}`;
  fs.writeFileSync(temporary, text, { mode });
  try {
    fs.chmodSync(temporary, mode);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    if (!isMountPoint(error)) throw error;
    fs.writeFileSync(file, text);
  }
}

/**
 * The DNS entries per network and the file they are written to. A DNS_UPDATE changes some names of one network, a
 * DNS_SYNC replaces one network's entries, a pull all of them; the file is written only when its text changes.
 * Each network's entries are kept apart and checked against that network's own domain, so one network's entry never
 * shadows another's, and a name two networks sent could only be under both their domains, which cannot happen.
 */
export class HostsFile {
  #byNetwork = new Map<string, DnsEntry[]>();

  constructor(
    readonly file: string,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Every network's entries, from a pull: networks it does not name are forgotten. `networks` (the host's networks
   * in the pull) bounds which networks' entries are kept, when given.
   */
  replaceAll(entries: readonly DnsEntry[], networks?: readonly string[]): void {
    const allowed = networks && new Set(networks);
    this.#byNetwork = new Map();
    for (const entry of entries) {
      if (allowed && !allowed.has(entry.network)) continue;
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

  /** Removes the block (leave, host deleted): the file is as it was before the agent, less the operator's edits. */
  clear(): void {
    this.#byNetwork = new Map();
    this.write();
  }

  private write(): void {
    const lines = hostsLines(this.#byNetwork);
    let existing = '';
    try {
      existing = fs.readFileSync(this.file, 'utf8');
    } catch {
      // Absent: created with the block alone.
    }
    const next = rewriteHosts(existing, lines);
    if (next === existing) return;
    try {
      writeAtomically(this.file, next);
      this.log(`dns: ${lines.filter((l) => !l.startsWith('#')).length} name(s) written to ${this.file}`);
    } catch (error) {
      this.log(
        `dns: could not write ${this.file}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
