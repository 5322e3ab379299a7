import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import { isIP } from 'node:net';

/** RFC 5389 constants: the magic cookie in every message, the binding request/response types, two attributes. */
const MAGIC_COOKIE = 0x2112a442;
const BINDING_REQUEST = 0x0001;
const BINDING_SUCCESS = 0x0101;
const MAPPED_ADDRESS = 0x0001;
const XOR_MAPPED_ADDRESS = 0x0020;
const HEADER_BYTES = 20;

export interface MappedAddress {
  address: string;
  port: number;
}

/** A binding request: type, zero attribute length, magic cookie, the 12-byte transaction id. */
export function bindingRequest(transactionId: Buffer): Buffer {
  const message = Buffer.alloc(HEADER_BYTES);
  message.writeUInt16BE(BINDING_REQUEST, 0);
  message.writeUInt16BE(0, 2);
  message.writeUInt32BE(MAGIC_COOKIE, 4);
  transactionId.copy(message, 8);
  return message;
}

function readAddress(value: Buffer, xorKey: Buffer | undefined): MappedAddress | undefined {
  const family = value[1];
  const length = family === 0x01 ? 4 : family === 0x02 ? 16 : 0;
  if (length === 0 || value.length < 4 + length) return undefined;
  const bytes = Buffer.from(value.subarray(4, 4 + length));
  let port = value.readUInt16BE(2);
  if (xorKey) {
    port ^= MAGIC_COOKIE >>> 16;
    for (let i = 0; i < length; i++) bytes[i]! ^= xorKey[i]!;
  }
  const address =
    length === 4 ? [...bytes].join('.') : (bytes.toString('hex').match(/.{4}/g) ?? []).join(':');
  return { address: length === 4 ? address : normaliseV6(address), port };
}

/** `2001:0db8:0000:…` in its short form, through the URL parser (no dependency needed). */
const normaliseV6 = (address: string): string =>
  new URL(`http://[${address}]`).hostname.replace(/^\[|\]$/g, '');

/**
 * The mapped address of a binding success response for this transaction: XOR-MAPPED-ADDRESS (RFC 5389), or the
 * older MAPPED-ADDRESS (RFC 3489 servers). Undefined for anything else (another transaction, an error response).
 */
export function parseBindingResponse(message: Buffer, transactionId: Buffer): MappedAddress | undefined {
  if (message.length < HEADER_BYTES || message.readUInt16BE(0) !== BINDING_SUCCESS) return undefined;
  if (message.readUInt32BE(4) !== MAGIC_COOKIE || !message.subarray(8, 20).equals(transactionId))
    return undefined;
  const end = Math.min(message.length, HEADER_BYTES + message.readUInt16BE(2));
  const xorKey = message.subarray(4, 20);
  let plain: MappedAddress | undefined;
  for (let offset = HEADER_BYTES; offset + 4 <= end;) {
    const type = message.readUInt16BE(offset);
    const length = message.readUInt16BE(offset + 2);
    const value = message.subarray(offset + 4, offset + 4 + length);
    if (type === XOR_MAPPED_ADDRESS) return readAddress(value, xorKey);
    if (type === MAPPED_ADDRESS) plain = readAddress(value, undefined);
    offset += 4 + Math.ceil(length / 4) * 4;
  }
  return plain;
}

/** `host:port`, `[v6]:port` or a bare host (port 3478, the STUN default). */
export function parseStunServer(text: string): { host: string; port: number } {
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(text) ?? /^([^:]+)(?::(\d+))?$/.exec(text);
  const port = Number(match?.[2] ?? 3478);
  if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`STUN server "${text}" must be host:port`);
  return { host: match[1], port };
}

/**
 * Asks a STUN server which address and port it saw this request come from (one UDP binding request, resent
 * twice while no answer came). Rejects with a message naming the server when nothing usable comes back.
 */
export async function stunMappedAddress(
  server: string,
  timeoutMs = 1500,
  attempts = 3,
): Promise<MappedAddress> {
  const { host, port } = parseStunServer(server);
  const socket = dgram.createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
  const transactionId = randomBytes(12);
  const request = bindingRequest(transactionId);
  try {
    return await new Promise<MappedAddress>((resolve, reject) => {
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      const send = () => {
        if (sent++ >= attempts)
          return reject(new Error(`STUN ${host}:${port}: no answer after ${attempts} requests`));
        socket.send(request, port, host);
        timer = setTimeout(send, timeoutMs);
      };
      socket.on('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`STUN ${host}:${port}: ${error.message}`));
      });
      socket.on('message', (message) => {
        const mapped = parseBindingResponse(message, transactionId);
        if (!mapped) return;
        clearTimeout(timer);
        resolve(mapped);
      });
      send();
    });
  } finally {
    socket.close();
  }
}
