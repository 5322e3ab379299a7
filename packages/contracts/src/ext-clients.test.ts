import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID_MESSAGES,
  customExtClientInputSchema,
  toExtClient,
  type ApiExtClient,
} from './ext-clients.ts';

const firstMessage = (body: unknown): string | undefined => {
  const result = customExtClientInputSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('customExtClientInputSchema', () => {
  it('when the client id has a space, gives the spec message', () => {
    expect(firstMessage({ clientid: 'my laptop' })).toBe(CLIENT_ID_MESSAGES.spaces);
  });
  it('when the client id has 4 or 33 characters, gives the length message', () => {
    expect(firstMessage({ clientid: 'abcd' })).toBe(CLIENT_ID_MESSAGES.length);
    expect(firstMessage({ clientid: 'a'.repeat(33) })).toBe(CLIENT_ID_MESSAGES.length);
  });
  it('when the client id is empty or 5-32 letters, digits and dashes, accepts it', () => {
    expect(firstMessage({ clientid: '' })).toBeUndefined();
    expect(firstMessage({ clientid: 'lap-01' })).toBeUndefined();
    expect(firstMessage({ clientid: 'a'.repeat(32) })).toBeUndefined();
  });
  it('when the client id has other characters, refuses it', () => {
    expect(firstMessage({ clientid: 'lap_top' })).toBe(CLIENT_ID_MESSAGES.charset);
  });
  it('when postup is longer than 1024 characters, refuses it', () => {
    expect(firstMessage({ postup: 'x'.repeat(1025) })).toBe('postup must be at most 1024 characters');
  });
  it('normalises dns and extra allowed IPs, and refuses non-CIDRs', () => {
    const parsed = customExtClientInputSchema.parse({
      dns: ' 10.0.0.1 , 1.1.1.1',
      extraallowedips: ['192.168.5.7/24', '10.9.9.9'],
    });
    expect(parsed.dns).toBe('10.0.0.1,1.1.1.1');
    expect(parsed.extraallowedips).toEqual(['192.168.5.0/24', '10.9.9.9/32']);
    expect(firstMessage({ extraallowedips: ['nope'] })).toMatch(/CIDR/);
    expect(firstMessage({ dns: 'example.com' })).toMatch(/IP addresses/);
  });
});

describe('toExtClient', () => {
  it('hides blank and placeholder private keys and splits the dns list', () => {
    const wire: ApiExtClient = {
      clientid: 'lap-01',
      privatekey: '[ENTER PRIVATE KEY]',
      publickey: 'pk',
      network: 'net',
      address: '10.0.0.254',
      address6: '',
      dns: '10.0.0.1,1.1.1.1',
      extraallowedips: [],
      allowed_ips: [],
      ingressgatewayid: 'gw',
      ingressgatewayendpoint: '1.2.3.4:51821',
      lastmodified: 0,
      enabled: true,
      ownerid: 'alice',
      deniednodeacls: {},
      remote_access_client_id: '',
      postup: '',
      postdown: '',
      tags: { a: {} },
      os: '',
      device_name: '',
      public_endpoint: '',
      country: '',
    };
    const client = toExtClient(wire);
    expect(client.privateKey).toBeUndefined();
    expect(client.hasOwnKeyPair).toBe(true);
    expect(client.dns).toEqual(['10.0.0.1', '1.1.1.1']);
    expect(client.lastModified).toBeUndefined();
    expect(client.tags).toEqual(['a']);
  });
});
