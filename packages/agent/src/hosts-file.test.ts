import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEGIN_MARK, END_MARK, HostsFile, hostsLines, rewriteHosts } from './hosts-file.ts';

const N1 = '# network net1';
const N2 = '# network net2';

const entry = (name: string, address: string, address6 = '', network = 'net1') => ({
  name,
  address,
  address6,
  network,
});

describe('hosts file block', () => {
  it('adds the block after the existing lines, keeping them', () => {
    const before = '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n';
    const after = rewriteHosts(
      before,
      hostsLines(new Map([['net1', [entry('b-host.net1', '10.9.0.2', 'fd00::2')]]])),
    );
    expect(after).toBe(
      `127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost\n${BEGIN_MARK}\n${N1}\n10.9.0.2\tb-host.net1\nfd00::2\tb-host.net1\n${END_MARK}\n`,
    );
  });

  it('replaces only its own block and is idempotent', () => {
    const first = rewriteHosts('127.0.0.1 localhost\n', ['10.0.0.1\ta.net1']);
    const withOperatorLine = `${first}192.168.1.5 printer\n`;
    const second = rewriteHosts(withOperatorLine, ['10.0.0.2\tb.net1']);
    expect(second).toBe(
      `127.0.0.1 localhost\n192.168.1.5 printer\n${BEGIN_MARK}\n10.0.0.2\tb.net1\n${END_MARK}\n`,
    );
    expect(rewriteHosts(second, ['10.0.0.2\tb.net1'])).toBe(second);
  });

  it('removes the block when nothing is left', () => {
    const withBlock = rewriteHosts('127.0.0.1 localhost\n', ['10.0.0.1\ta.net1']);
    expect(rewriteHosts(withBlock, [])).toBe('127.0.0.1 localhost\n');
  });

  it('skips entries whose name could break the file', () => {
    expect(
      hostsLines(
        new Map([
          [
            'net1',
            [
              entry('bad name\n1.2.3.4 evil.net1', '10.0.0.1'),
              entry('ok.net1', '10.0.0.3'),
              entry('addr.net1', '10.0.0.4\n1.2.3.4 evil'),
            ],
          ],
        ]),
      ),
    ).toEqual([N1, '10.0.0.3\tok.net1']);
  });

  it('a DNS_SYNC replaces one network and a pull replaces all', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosts-'));
    const file = path.join(dir, 'netns', 'hosts');
    const log: string[] = [];
    const hosts = new HostsFile(file, (m) => log.push(m));
    hosts.replaceAll([entry('a.net1', '10.0.0.1'), entry('x.net2', '10.1.0.1', '', 'net2')]);
    hosts.replaceNetwork('net1', [entry('b.net1', '10.0.0.2')]);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      `${BEGIN_MARK}\n${N1}\n10.0.0.2\tb.net1\n${N2}\n10.1.0.1\tx.net2\n${END_MARK}\n`,
    );
    const writes = log.length;
    hosts.replaceNetwork('net1', [entry('b.net1', '10.0.0.2')]);
    expect(log.length).toBe(writes);
    hosts.replaceAll([]);
    expect(fs.readFileSync(file, 'utf8')).toBe('');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a DNS_UPDATE adds, replaces and removes names of one network and leaves the others alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosts-'));
    const file = path.join(dir, 'hosts');
    fs.writeFileSync(file, '127.0.0.1 localhost\n');
    const log: string[] = [];
    const hosts = new HostsFile(file, (m) => log.push(m));
    hosts.replaceAll([
      entry('a.net1', '10.0.0.1'),
      entry('b.net1', '10.0.0.2'),
      entry('web.net1', '10.0.0.7'),
      entry('web.net1', '10.0.0.8'),
      entry('b.net2', '10.1.0.2', '', 'net2'),
    ]);
    hosts.applyUpdate(
      'net1',
      [entry('c.net1', '10.0.0.3', 'fd00::3'), entry('a.net1', '10.0.0.11'), entry('web.net1', '10.0.0.8')],
      ['b.net1', 'never-there.net1'],
    );
    // a replaced, b gone, c added, web down to the one address sent, net2's b.net2 untouched.
    expect(fs.readFileSync(file, 'utf8')).toBe(
      `127.0.0.1 localhost\n${BEGIN_MARK}\n${N1}\n10.0.0.11\ta.net1\n10.0.0.3\tc.net1\n10.0.0.8\tweb.net1\nfd00::3\tc.net1\n${N2}\n10.1.0.2\tb.net2\n${END_MARK}\n`,
    );
    const writes = log.length;
    hosts.applyUpdate('net1', [entry('c.net1', '10.0.0.3', 'fd00::3')], ['b.net1']);
    expect(log.length).toBe(writes);
    hosts.applyUpdate('net3', [entry('x.net3', '10.3.0.1', '', 'other')], []);
    expect(fs.readFileSync(file, 'utf8')).toContain('10.3.0.1\tx.net3');
    // A later DNS_SYNC of net3 replaces it: the entry was filed under net3, the network the update named.
    hosts.replaceNetwork('net3', []);
    expect(fs.readFileSync(file, 'utf8')).not.toContain('x.net3');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('-> when a network sends names outside its own domain, then they are never written, and another network keeps its own (issue 38 item 5)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosts-'));
    const file = path.join(dir, 'hosts');
    fs.writeFileSync(file, '127.0.0.1 localhost\n');
    const hosts = new HostsFile(file, () => {});
    hosts.replaceAll(
      [entry('b1.netb', '10.62.0.2', '', 'netb'), entry('a1.neta', '10.61.0.2', '', 'neta')],
      ['neta', 'netb'],
    );
    // neta's administrator tries to take netb's name, public names, localhost and option-like or empty labels.
    hosts.applyUpdate(
      'neta',
      [
        entry('b1.netb', '10.61.0.66', '', 'neta'),
        entry('github.com', '10.61.0.66', '', 'neta'),
        entry('localhost', '10.61.0.66', '', 'neta'),
        entry('pypi.org', '8.8.8.8', '', 'neta'),
        entry('...', '10.61.0.66', '', 'neta'),
        entry('-rf', '10.61.0.66', '', 'neta'),
        entry('-rf.neta', '10.61.0.66', '', 'neta'),
        entry('a..neta', '10.61.0.66', '', 'neta'),
        entry('Files.NETA', '10.61.0.9', '', 'neta'),
      ],
      [],
    );
    hosts.replaceNetwork('neta', [
      ...[entry('a1.neta', '10.61.0.2', '', 'neta'), entry('Files.NETA', '10.61.0.9', '', 'neta')],
      entry('b1.netb', '10.61.0.67', '', 'neta'),
    ]);
    expect(fs.readFileSync(file, 'utf8')).toBe(
      `127.0.0.1 localhost\n${BEGIN_MARK}\n# network neta\n10.61.0.2\ta1.neta\n10.61.0.9\tfiles.neta\n# network netb\n10.62.0.2\tb1.netb\n${END_MARK}\n`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("-> when a pull names a network the host is not in, then that network's entries are left out", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosts-'));
    const file = path.join(dir, 'hosts');
    const hosts = new HostsFile(file, () => {});
    hosts.replaceAll([entry('a.net1', '10.0.0.1'), entry('x.net2', '10.1.0.1', '', 'net2')], ['net1']);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${BEGIN_MARK}\n${N1}\n10.0.0.1\ta.net1\n${END_MARK}\n`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("-> when the file has a BEGIN marker with no END (a hand edit), then the lines after it are kept as the operator's", () => {
    const edited = `127.0.0.1 localhost\n${BEGIN_MARK}\n192.168.1.5 printer\n`;
    expect(rewriteHosts(edited, ['10.0.0.2\tb.net1'])).toBe(
      `127.0.0.1 localhost\n192.168.1.5 printer\n${BEGIN_MARK}\n10.0.0.2\tb.net1\n${END_MARK}\n`,
    );
  });

  it('-> when the block is written and cleared, then the file keeps its mode and its other lines exactly', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hosts-'));
    const file = path.join(dir, 'hosts');
    const original = '127.0.0.1 localhost\n# keep me\n10.1.1.1 nas\n';
    fs.writeFileSync(file, original, { mode: 0o640 });
    fs.chmodSync(file, 0o640);
    const hosts = new HostsFile(file, () => {});
    hosts.replaceAll([entry('a.net1', '10.0.0.1')]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    expect(fs.readFileSync(file, 'utf8')).toContain('10.0.0.1\ta.net1');
    hosts.clear();
    expect(fs.readFileSync(file, 'utf8')).toBe(original);
    expect(fs.readdirSync(dir)).toEqual(['hosts']);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
