// Cost of one host change on the peer updates of a 1,000-host and a 5,000-host network: compute + publish on the
// embedded broker, and how many messages that is (one full list for the changed host, one delta per other host).
import { createNetwork, createSuperAdminAndLogin } from '../test/factories.ts';
import { startTestServer } from '../test/harness.ts';
import { presentRawHost } from '../src/modules/hosts/hosts.presenter.ts';
import { HostsRepository } from '../src/modules/hosts/hosts.repository.ts';
import { PeerUpdateBuilder } from '../src/modules/peers/peer-publisher.ts';
import { PeersRepository } from '../src/modules/peers/peers.repository.ts';
import { percentile, seedNetwork } from './seed.ts';

const RUNS = 7;

const server = await startTestServer();
try {
  const token = await createSuperAdminAndLogin(server);
  const db = server.app.meshdeck.database.db;
  const hosts = new HostsRepository(db);
  let bytes = 0;
  const builder = new PeerUpdateBuilder(
    new PeersRepository(db),
    {
      isListening: () => true,
      publish: (_hostId, topic, payload) => {
        bytes += payload.length;
        return server.app.meshdeck.broker.publish(topic, payload, { qos: 0 });
      },
      describeHost: async (hostId) => {
        const host = await hosts.findById(hostId);
        return host && { host: presentRawHost(host, []), nodes: [] };
      },
    },
    'meshdeck',
  );
  for (const [size, range] of [[1000, '10.80.0.0/16'], [5000, '10.90.0.0/16']] as const) {
    const netid = `net${size}`;
    await createNetwork(server, token, netid, { addressrange: range });
    const ids = await seedNetwork(server, netid, range, size);
    const times: number[] = [];
    let messages = 0;
    bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const stats = await builder.publish([{ hostId: ids[run]! }]);
      times.push(performance.now() - started);
      messages = stats.messages;
    }
    console.log(`peer_update_${size}_hosts: ${percentile(times, 50).toFixed(1)} ms`);
    console.log(`peer_update_${size}_hosts_messages: ${messages} messages`);
    console.log(`peer_update_${size}_hosts_payload: ${(bytes / RUNS / 1024).toFixed(0)} KiB`);
  }
} finally {
  await server.close();
}
