// Cost of sealing server -> host messages (api-contract §6.3, decision 007): one delta sent to 5,000 hosts (the
// text is compressed once, encrypted per host) and one changed host's full list of 1,000 and 5,000 peers.
import { randomBytes } from 'node:crypto';
import { payloadKeyObject, sealPayload } from '../src/broker/payload-seal.ts';
import { percentile } from './seed.ts';

const RUNS = 7;
const peer = () => ({
  PublicKey: [...randomBytes(32)],
  Endpoint: { IP: '203.0.113.10', Port: 51821, Zone: '' },
  AllowedIPs: [{ IP: '10.80.1.2', Mask: '/////w==' }],
  Remove: false,
  PersistentKeepaliveInterval: 20_000_000_000,
});
const update = (peers: number) =>
  JSON.stringify({
    host: null,
    nodes: [],
    server: 'meshdeck',
    replace_peers: peers > 1,
    host_peers: Array.from({ length: peers }, peer),
    peerids: {},
  });

const keys = Array.from({ length: 5000 }, () => payloadKeyObject(randomBytes(32).toString('base64'))!);
const delta = update(1);
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  for (const key of keys) await sealPayload(key, delta);
  times.push(performance.now() - started);
}
console.log(
  `seal_delta_5000_hosts: ${percentile(times, 50).toFixed(1)} ms (${((percentile(times, 50) / 5000) * 1000).toFixed(1)} us per message, ${delta.length} B delta)`,
);
for (const size of [1000, 5000]) {
  const full = update(size);
  const fullTimes: number[] = [];
  let sealed = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    sealed = (await sealPayload(keys[0]!, full)).length;
    fullTimes.push(performance.now() - started);
  }
  console.log(
    `seal_full_list_${size}_peers: ${percentile(fullTimes, 50).toFixed(1)} ms (${(full.length / 1024).toFixed(0)} KiB -> ${(sealed / 1024).toFixed(0)} KiB)`,
  );
}
