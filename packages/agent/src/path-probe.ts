import dgram from 'node:dgram';
import { PROBE_PORT, probeAnswer, probeRequest } from './router-probe.ts';

/** Probes kept waiting for an answer at most; older ones are forgotten (their answer then proves nothing). */
const MAX_PENDING = 4_096;

/**
 * Sends path probes to peers' probe responders (router-probe.ts) through the tunnel and says which peer answered
 * (path-watch.ts decides what an answer, or its absence, means). The request asks about no range: any agent of
 * this version answers it at once, without looking at its routes.
 */
export class PeerProber {
  #sockets: { 4?: dgram.Socket; 6?: dgram.Socket } = {};
  /** Probe id -> the peer key it went to. */
  #pending = new Map<number, string>();
  #nextId = 1;

  constructor(private readonly onAnswer: (peerKey: string) => void) {}

  /** One probe to the peer's mesh address (a bare IPv4 or IPv6 address). */
  send(peerKey: string, address: string): void {
    const id = this.#nextId++;
    this.#pending.set(id, peerKey);
    if (this.#pending.size > MAX_PENDING) this.#pending.delete(this.#pending.keys().next().value!);
    this.socket(address.includes(':') ? 6 : 4).send(
      probeRequest(id, []),
      PROBE_PORT,
      address,
      () => undefined,
    );
  }

  close(): void {
    this.#sockets[4]?.close();
    this.#sockets[6]?.close();
    this.#sockets = {};
    this.#pending.clear();
  }

  private socket(family: 4 | 6): dgram.Socket {
    const existing = this.#sockets[family];
    if (existing) return existing;
    const socket = dgram.createSocket(family === 4 ? 'udp4' : 'udp6');
    socket.on('error', () => undefined);
    socket.on('message', (message) => {
      const id = probeAnswer(message)?.id;
      const key = id === undefined ? undefined : this.#pending.get(id);
      if (id === undefined || key === undefined) return;
      this.#pending.delete(id);
      this.onAnswer(key);
    });
    socket.unref();
    this.#sockets[family] = socket;
    return socket;
  }
}
