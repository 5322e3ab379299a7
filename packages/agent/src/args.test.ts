import { encodeEnrollmentToken } from '@meshdeck/contracts';
import { describe, expect, it } from 'vitest';
import { parseCommand } from './args.ts';

describe('parseCommand', () => {
  it('when join has a server and token, returns them with defaults', () => {
    const command = parseCommand(
      ['join', '--server', 'http://10.0.0.1:8080/', '--token', 'abc'],
      '/var/lib/x',
    );
    expect(command).toEqual({
      kind: 'join',
      server: 'http://10.0.0.1:8080',
      token: 'abc',
      name: undefined,
      endpoint: undefined,
      port: 51821,
      isStaticPort: false,
      common: {
        stateDir: '/var/lib/x',
        interfaceName: 'meshdeck',
        dryRun: false,
        checkInSeconds: 30,
        metricsSeconds: 60,
        stunServer: undefined,
        internetFailMode: undefined,
        hostsFile: '/etc/hosts',
      },
    });
  });

  it("-> when join and run are given no hosts-file option (the console's join command), then the names go to /etc/hosts; --no-hosts-file turns that off (issue 39)", () => {
    for (const argv of [['join', '--server', 'http://10.0.0.1:8080', '--token', 'abc'], ['run'], ['leave']])
      expect(parseCommand(argv, '/x')).toMatchObject({ common: { hostsFile: '/etc/hosts' } });
    expect(parseCommand(['run', '--no-hosts-file'], '/x')).toMatchObject({
      common: { hostsFile: undefined },
    });
    expect(() => parseCommand(['run', '--no-hosts-file', '--hosts-file', '/etc/hosts'], '/x')).toThrow(
      '--hosts-file and --no-hosts-file cannot be given together',
    );
  });

  it('--hosts-file names the file the DNS names go to, and must be absolute', () => {
    expect(parseCommand(['run', '--hosts-file', '/etc/netns/a/hosts'], '/x')).toMatchObject({
      common: { hostsFile: '/etc/netns/a/hosts' },
    });
    expect(() => parseCommand(['run', '--hosts-file', 'hosts'], '/x')).toThrow(
      '--hosts-file must be an absolute path',
    );
  });

  it('--internet-fail overrides the network setting with closed or open; without it the network decides', () => {
    for (const mode of ['closed', 'open'] as const)
      expect(parseCommand(['run', '--internet-fail', mode], '/x')).toMatchObject({
        common: { internetFailMode: mode },
      });
    expect(parseCommand(['run'], '/x')).toMatchObject({ common: { internetFailMode: undefined } });
    expect(() => parseCommand(['run', '--internet-fail', 'sideways'], '/x')).toThrow(
      '--internet-fail must be open or closed',
    );
  });

  it('when join has --port and --stun, the port is static and the STUN server is kept for run', () => {
    const command = parseCommand(
      ['join', '--server', 'http://s', '--token', 't', '--port', '51900', '--stun', 'stun.example.com:3478'],
      '/x',
    );
    expect(command).toMatchObject({
      port: 51900,
      isStaticPort: true,
      common: { stunServer: 'stun.example.com:3478' },
    });
  });

  it('when asked for --version or version, returns the version command', () => {
    expect(parseCommand(['--version'], '/x')).toEqual({ kind: 'version' });
    expect(parseCommand(['version'], '/x')).toEqual({ kind: 'version' });
  });

  it('when join has no --server, takes the server from the token', () => {
    const token = encodeEnrollmentToken({ server: 'https://mesh.example.com', value: 'A'.repeat(32) });
    expect(parseCommand(['join', '--token', token], '/x')).toMatchObject({
      server: 'https://mesh.example.com',
    });
  });

  it.each([
    [['join'], 'join needs --token'],
    [['join', '--token', 'abc'], 'join needs --server'],
    [['join', '--server', 'http://s', '--token', 't', '--port', '0'], '--port must be a positive integer'],
    [['run', '--interface', 'much-too-long-name'], '--interface must be a valid interface name'],
    [['fly'], 'unknown command "fly"'],
  ])('when the arguments are %j, throws "%s"', (argv, message) => {
    expect(() => parseCommand(argv, '/x')).toThrow(message);
  });

  it('when run or leave is given, returns the common options; no command means help', () => {
    expect(parseCommand(['run', '--dry-run', '--state-dir', '/s'], '/x')).toMatchObject({
      kind: 'run',
      common: { dryRun: true, stateDir: '/s' },
    });
    expect(parseCommand(['leave'], '/x')).toMatchObject({ kind: 'leave' });
    expect(parseCommand([], '/x')).toEqual({ kind: 'help' });
  });
});
