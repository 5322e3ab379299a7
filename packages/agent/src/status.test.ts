import { describe, expect, it } from 'vitest';
import { formatBytes, formatHandshake, renderStatus } from './status.ts';

const dump = [
  'cHJpdmF0ZQ==\tSEVMTE8=\t51821\toff',
  'QUxQSEE=\t(none)\t10.250.1.3:51821\t10.0.0.2/32\t1700000000\t1536\t2097152\t20',
  'QkVUQQ==\t(none)\t(none)\t10.0.0.3/32,fd00::3/128\t0\t0\t0\toff',
].join('\n');

describe('meshdeck-agent status rendering', () => {
  it('-> prints the interface, networks and each peer by name with endpoint, handshake and bytes, like wg show', () => {
    const names = new Map([['QUxQSEE=', { name: 'alpha', network: 'office', address: '10.0.0.2' }]]);
    const text = renderStatus({
      interfaceName: 'meshdeck',
      hostName: 'me',
      dump,
      networks: [{ network: 'office', address: '10.0.0.1/24' }],
      names,
      nowSeconds: 1700000065,
    });
    expect(text).toBe(
      [
        'interface: meshdeck (host me)',
        '  public key: SEVMTE8=',
        '  listening port: 51821',
        '  network: office 10.0.0.1/24',
        '',
        'peer: alpha (office 10.0.0.2)',
        '  key: QUxQSEE=',
        '  endpoint: 10.250.1.3:51821',
        '  allowed ips: 10.0.0.2/32',
        '  latest handshake: 1 minute, 5 seconds ago',
        '  transfer: 1.50 KiB received, 2.00 MiB sent',
        '  persistent keepalive: every 20 seconds',
        '',
        'peer: QkVUQQ==',
        '  allowed ips: 10.0.0.3/32, fd00::3/128',
        '  latest handshake: never',
        '',
      ].join('\n'),
    );
  });

  it('-> formats bytes and handshake ages', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GiB');
    expect(formatHandshake(100, 100)).toBe('0 seconds ago');
    expect(formatHandshake(0, 100)).toBe('never');
    expect(formatHandshake(1, 1 + 86_400 + 3_600 * 2 + 1)).toBe('1 day, 2 hours, 1 second ago');
  });
});
