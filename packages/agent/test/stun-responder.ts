import dgram from 'node:dgram';

/**
 * A STUN responder written from RFC 5389 independently of stun.ts: answers each binding request with an
 * XOR-MAPPED-ADDRESS of `answer` (or the sender's own address), after a SOFTWARE attribute to skip.
 */
export function stunResponder(answer?: {
  address: string;
  port: number;
}): Promise<{ port: number; close: () => void; requests: number }> {
  const socket = dgram.createSocket('udp4');
  const state = { port: 0, requests: 0, close: () => socket.close() };
  socket.on('message', (request, from) => {
    state.requests++;
    if (request.readUInt16BE(0) !== 0x0001) return;
    const { address, port } = answer ?? from;
    const software = Buffer.from('test\0\0\0\0');
    const xorAddress = Buffer.alloc(8);
    xorAddress.writeUInt16BE(0x0001, 0);
    xorAddress.writeUInt16BE(port ^ 0x2112, 2);
    address.split('.').forEach((octet, i) => (xorAddress[4 + i] = Number(octet) ^ request[4 + i]!));
    const attributes = Buffer.concat([
      Buffer.from([0x80, 0x22, 0, 4]),
      software.subarray(0, 8),
      Buffer.from([0, 0x20, 0, 8]),
      xorAddress,
    ]);
    const header = Buffer.alloc(20);
    header.writeUInt16BE(0x0101, 0);
    header.writeUInt16BE(attributes.length, 2);
    request.copy(header, 4, 4, 20);
    socket.send(Buffer.concat([header, attributes]), from.port, from.address);
  });
  return new Promise((resolve) =>
    socket.bind(0, '127.0.0.1', () => resolve(Object.assign(state, { port: socket.address().port }))),
  );
}
