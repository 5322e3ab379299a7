import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { stunResponder as responder } from '../test/stun-responder.ts';
import { bindingRequest, parseBindingResponse, parseStunServer, stunMappedAddress } from './stun.ts';

let close: (() => void) | undefined;
afterEach(() => {
  close?.();
  close = undefined;
});

describe('STUN binding (RFC 5389)', () => {
  it('-> against a responder on loopback, returns the address and port it saw (XOR-MAPPED-ADDRESS)', async () => {
    const stun = await responder();
    close = stun.close;
    const mapped = await stunMappedAddress(`127.0.0.1:${stun.port}`);
    expect(mapped.address).toBe('127.0.0.1');
    expect(mapped.port).toBeGreaterThan(0);
  });

  it('-> returns whatever public address the server reports (as behind a NAT)', async () => {
    const stun = await responder({ address: '198.51.100.20', port: 40000 });
    close = stun.close;
    expect(await stunMappedAddress(`127.0.0.1:${stun.port}`)).toEqual({
      address: '198.51.100.20',
      port: 40000,
    });
  });

  it('-> when nothing answers, rejects naming the server after the retries', async () => {
    const silent = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
    close = () => silent.close();
    await expect(stunMappedAddress(`127.0.0.1:${silent.address().port}`, 50, 2)).rejects.toThrow(
      /STUN 127\.0\.0\.1:\d+: no answer after 2 requests/,
    );
  });

  it('-> ignores a response for another transaction, reads MAPPED-ADDRESS and IPv6 XOR addresses', () => {
    const id = Buffer.alloc(12, 7);
    const request = bindingRequest(id);
    expect(request.toString('hex')).toBe(`000100002112a442${'07'.repeat(12)}`);
    const plain = Buffer.concat([
      Buffer.from('0101000c2112a442', 'hex'),
      id,
      Buffer.from('0001000800011f90cb007105', 'hex'),
    ]);
    expect(parseBindingResponse(plain, id)).toEqual({ address: '203.0.113.5', port: 8080 });
    expect(parseBindingResponse(plain, Buffer.alloc(12, 8))).toBeUndefined();
    // 2001:db8::1 port 3478, XOR-ed with the cookie and the transaction id.
    const key = Buffer.concat([Buffer.from('2112a442', 'hex'), id]);
    const v6 = Buffer.from('20010db8000000000000000000000001', 'hex').map((b, i) => b ^ key[i]!);
    const attribute = Buffer.concat([
      Buffer.from([0, 0x20, 0, 20, 0, 2]),
      Buffer.from([(3478 ^ 0x2112) >> 8, (3478 ^ 0x2112) & 0xff]),
      v6,
    ]);
    const response = Buffer.concat([Buffer.from('010100182112a442', 'hex'), id, attribute]);
    expect(parseBindingResponse(response, id)).toEqual({ address: '2001:db8::1', port: 3478 });
  });

  it('-> parses host:port, [v6]:port and a bare host; refuses a bad port', () => {
    expect(parseStunServer('stun.example.com:19302')).toEqual({ host: 'stun.example.com', port: 19302 });
    expect(parseStunServer('[2001:db8::1]:3479')).toEqual({ host: '2001:db8::1', port: 3479 });
    expect(parseStunServer('stun.example.com')).toEqual({ host: 'stun.example.com', port: 3478 });
    expect(() => parseStunServer('stun:99999')).toThrow('must be host:port');
  });
});
