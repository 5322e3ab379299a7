import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostPeerUpdateSchema } from './agent-updates.ts';
import { fastPeerUpdate, parseHostPeerUpdate } from './peer-update-parse.ts';

const byte = fc.integer({ min: 0, max: 255 });
const ipNet = fc.record({ IP: fc.string(), Mask: fc.option(fc.string(), { nil: null }) });
const peer = fc.record({
  PublicKey: fc.array(byte, { minLength: 32, maxLength: 32 }),
  Remove: fc.boolean(),
  UpdateOnly: fc.boolean(),
  PresharedKey: fc.constant(null),
  Endpoint: fc.option(fc.record({ IP: fc.string(), Port: fc.integer(), Zone: fc.string() }), { nil: null }),
  PersistentKeepaliveInterval: fc.option(fc.maxSafeInteger(), { nil: null }),
  ReplaceAllowedIPs: fc.boolean(),
  AllowedIPs: fc.array(ipNet, { maxLength: 3 }),
});
const identity = fc.record(
  {
    id: fc.string(),
    host_id: fc.string(),
    address: fc.string(),
    address4: fc.string(),
    address6: fc.string(),
    name: fc.string(),
    isserver: fc.constantFrom('yes', 'no'),
    network: fc.string(),
    listen_port: fc.integer({ min: 0, max: 65535 }),
    is_extclient: fc.boolean(),
    username: fc.string(),
    allowed_inbound: fc.array(fc.constantFrom('tcp/443', 'udp/53', 'icmp', 'all'), { maxLength: 3 }),
  },
  {
    requiredKeys: [
      'id',
      'host_id',
      'address',
      'address4',
      'address6',
      'name',
      'isserver',
      'network',
      'listen_port',
      'is_extclient',
      'username',
    ],
  },
);
const message = fc.record({
  host: fc.constant(null),
  nodes: fc.constant([]),
  server: fc.string(),
  serverversion: fc.string(),
  host_peers: fc.array(peer, { maxLength: 4 }),
  peerids: fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), identity, { maxKeys: 4 }),
  replace_peers: fc.boolean(),
  change_default_gw: fc.boolean(),
  is_inet_gw: fc.boolean(),
  endpoint_detection: fc.boolean(),
});

type Path = (string | number)[];
/** Every path to a value inside `value` (the root excluded). */
function paths(value: unknown, at: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => [
    [...at, key],
    ...paths((value as Record<string, unknown>)[key], [...at, key]),
  ]);
}
/** A copy of `value` with the value at `path` replaced, deleted (`undefined` in an object) or given an extra key. */
function mutate(value: unknown, path: Path, replacement: unknown, mode: 'set' | 'delete' | 'extra'): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (mode === 'delete' && !Array.isArray(parent)) delete parent[last];
  else if (
    mode === 'extra' &&
    typeof parent[last] === 'object' &&
    parent[last] !== null &&
    !Array.isArray(parent[last])
  )
    (parent[last] as Record<string, unknown>).extra_field = replacement;
  else parent[last] = replacement;
  return copy;
}

const agrees = (input: unknown) => {
  const zod = hostPeerUpdateSchema.safeParse(input);
  const fast = fastPeerUpdate(input);
  expect(fast !== undefined).toBe(zod.success);
  if (zod.success) expect(fast).toStrictEqual(zod.data);
  const parsed = parseHostPeerUpdate(input);
  expect(parsed.success).toBe(zod.success);
  if (!parsed.success && !zod.success) expect(parsed.error.message).toBe(zod.error.message);
};

describe('parseHostPeerUpdate', () => {
  it('-> on random valid peer updates, the hand-written check accepts them and returns what the zod schema returns', () => {
    fc.assert(
      fc.property(message, (input) => agrees(JSON.parse(JSON.stringify(input)))),
      { numRuns: 300 },
    );
  });

  it('-> on random messages with one value replaced, removed or given an extra key anywhere, it accepts and returns exactly what the zod schema does', () => {
    const odd = fc.oneof(
      fc.anything(),
      fc.constantFrom(null, undefined, '', 0, -1, 256, 1.5, 2 ** 60, Number.NaN, Infinity, true, [], {}),
    );
    fc.assert(
      fc.property(
        message.filter((m) => m.host_peers.length > 0 || Object.keys(m.peerids).length > 0),
        fc.nat(),
        odd,
        fc.constantFrom('set', 'delete', 'extra'),
        (input, pick, replacement, mode) => {
          const all = paths(input);
          const path = all[pick % all.length]!;
          agrees(mutate(input, path, replacement, mode));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("-> when the body is not an object or a peer list is of the wrong kind, it refuses it with zod's message", () => {
    for (const input of [null, [], 'text', 7, { host_peers: {}, peerids: [] }]) agrees(input);
  });
});
