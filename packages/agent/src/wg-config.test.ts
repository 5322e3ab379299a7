import type { RawNode } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { interfaceAddresses, renderWgConfig } from './wg-config.ts';

describe('renderWgConfig', () => {
  it('when given peers, renders the setconf form with one [Peer] per key, sorted', () => {
    const peers = new Map([
      [
        'BBB=',
        {
          publicKey: 'BBB=',
          endpoint: '203.0.113.2:51821',
          allowedIps: ['10.0.0.2/32'],
          keepaliveSeconds: 20,
        },
      ],
      [
        'AAA=',
        {
          publicKey: 'AAA=',
          endpoint: undefined,
          allowedIps: ['10.0.0.3/32', 'fd00::3/128'],
          keepaliveSeconds: undefined,
        },
      ],
    ]);
    expect(renderWgConfig({ privateKey: 'PRIV=', listenPort: 51821, peers })).toBe(
      [
        '[Interface]',
        'PrivateKey = PRIV=',
        'ListenPort = 51821',
        '',
        '[Peer]',
        'PublicKey = AAA=',
        'AllowedIPs = 10.0.0.3/32, fd00::3/128',
        '',
        '[Peer]',
        'PublicKey = BBB=',
        'AllowedIPs = 10.0.0.2/32',
        'Endpoint = 203.0.113.2:51821',
        'PersistentKeepalive = 20',
        '',
      ].join('\n'),
    );
  });
});

describe('interfaceAddresses', () => {
  const node = (overrides: Partial<RawNode>): RawNode =>
    ({
      address: { IP: '10.0.0.5', Mask: '////AA==' },
      address6: { IP: '', Mask: null },
      pendingdelete: false,
      action: 'noop',
      connected: true,
      ...overrides,
    }) as RawNode;
  it('when nodes have v4 and v6 addresses, returns them with their network prefixes and skips nodes being deleted', () => {
    expect(
      interfaceAddresses([
        node({ address6: { IP: 'fd00::5', Mask: '//////////8AAAAAAAAAAA==' } }),
        node({ pendingdelete: true }),
      ]),
    ).toEqual(['10.0.0.5/24', 'fd00::5/64']);
  });
});
