import { dnsUpdateMessageSchema, type DnsSyncMessage, type DnsUpdateMessage } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { dnsSyncPayload } from './dns.service.ts';
import { dnsUpdatePayload } from './dns-updates.ts';

describe('dnsSyncPayload', () => {
  it('-> when the entries are serialised once, then each host gets the text JSON.stringify gives its whole message', () => {
    const DNS: DnsSyncMessage['DNS'] = {
      network: 'net-1',
      entries: [
        { name: 'printer', network: 'net-1', address: '10.0.0.9', address6: '' },
        { name: 'host-"quoted"', network: 'net-1', address: '10.0.0.10', address6: 'fd00::a' },
      ],
    };
    const dns = JSON.stringify(DNS);
    for (const hostId of ['a1b2c3d4-0000-4000-8000-000000000001', 'odd"id\\']) {
      const message: DnsSyncMessage = { Action: 'DNS_SYNC', Host: { id: hostId }, DNS };
      expect(dnsSyncPayload(hostId, dns)).toBe(JSON.stringify(message));
      expect(JSON.parse(dnsSyncPayload(hostId, dns))).toEqual(message);
    }
  });
});

describe('dnsUpdatePayload', () => {
  it('-> gives the DNS_UPDATE the contract describes, with no host in it (one text for every host)', () => {
    const DNS: DnsUpdateMessage['DNS'] = {
      network: 'net-1',
      added: [{ name: 'a"b', network: 'net-1', address: '10.0.0.9', address6: '' }],
      removed: ['gone.net-1'],
    };
    const parsed: unknown = JSON.parse(dnsUpdatePayload(DNS));
    expect(parsed).toEqual({ Action: 'DNS_UPDATE', DNS });
    expect(dnsUpdateMessageSchema.parse(parsed)).toEqual(parsed);
  });
});
