/**
 * What one node may send to another, as a canonical list of rules: `all` (everything), `<protocol>` (every port
 * of tcp or udp, or icmp) or `<protocol>/<port>` and `<protocol>/<from>-<to>`. Canonical lists are sorted and
 * minimal (nothing covered by another rule of the list), so two lists compare as strings.
 */
export type FlowRule = string;

export type PolicyProtocol = 'all' | 'tcp' | 'udp' | 'icmp';

/** Everything allowed. */
export const ALL_TRAFFIC: readonly FlowRule[] = Object.freeze(['all']);
/** Nothing allowed. */
export const NO_TRAFFIC: readonly FlowRule[] = Object.freeze([]);

/** The rules one policy grants: its protocol, on its ports (every port when it names none). */
export function rulesOf(protocol: PolicyProtocol, ports: readonly string[]): FlowRule[] {
  if (protocol === 'all') return ['all'];
  if (protocol === 'icmp' || ports.length === 0) return [protocol];
  return ports.map((port) => `${protocol}/${port}`);
}

const span = (port: string): [number, number] => {
  const [from = '0', to = from] = port.split('-');
  return [Number(from), Number(to)];
};

/** Merges rule lists into one canonical list (the union of what they allow). */
export function unionRules(lists: Iterable<readonly FlowRule[]>): FlowRule[] {
  const protocols = new Set<string>();
  const ports = new Map<string, [number, number][]>();
  for (const list of lists)
    for (const rule of list) {
      if (rule === 'all') return ['all'];
      const slash = rule.indexOf('/');
      if (slash < 0) protocols.add(rule);
      else {
        const protocol = rule.slice(0, slash);
        const known = ports.get(protocol) ?? ports.set(protocol, []).get(protocol)!;
        known.push(span(rule.slice(slash + 1)));
      }
    }
  const out: FlowRule[] = [...protocols];
  for (const [protocol, spans] of ports) {
    if (protocols.has(protocol)) continue;
    spans.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let current: [number, number] | undefined;
    for (const next of spans) {
      if (current && next[0] <= current[1] + 1) current[1] = Math.max(current[1], next[1]);
      else {
        if (current) out.push(portRule(protocol, current));
        current = [...next];
      }
    }
    if (current) out.push(portRule(protocol, current));
  }
  return out.sort();
}

const portRule = (protocol: string, [from, to]: [number, number]) =>
  from === to ? `${protocol}/${from}` : `${protocol}/${from}-${to}`;

/** Whether two canonical lists allow the same traffic. */
export const sameRules = (a: readonly FlowRule[], b: readonly FlowRule[]): boolean =>
  a.length === b.length && a.every((rule, i) => rule === b[i]);

/** Whether `rules` let a packet of `protocol` to `port` through (port 0 for icmp). */
export function rulesAllow(rules: readonly FlowRule[], protocol: string, port: number): boolean {
  return rules.some((rule) => {
    if (rule === 'all' || rule === protocol) return true;
    const [ruleProtocol, ports] = rule.split('/');
    if (ruleProtocol !== protocol || ports === undefined) return false;
    const [from, to] = span(ports);
    return port >= from && port <= to;
  });
}
