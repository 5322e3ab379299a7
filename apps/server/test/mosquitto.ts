import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { BrokerCredentials } from '../src/broker/broker-credentials.ts';

export const MOSQUITTO_BIN = '/usr/sbin/mosquitto';

/** A free loopback port (bound, read, released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

const waitFor = async (what: string, check: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/**
 * A real Mosquitto on a free loopback port with a password file and an ACL file in `dir`, started with only the
 * server's account (the generator adds the hosts later), anonymous access off. Runs as root in tests (`user
 * root`), since its files live in a private temp dir.
 */
export class TestMosquitto {
  readonly passwordFile: string;
  readonly aclFile: string;
  readonly log: string[] = [];
  #process: ChildProcess | undefined;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.passwordFile = path.join(dir, 'passwd');
    this.aclFile = path.join(dir, 'acl');
  }

  static async start(dir: string, server: { username: string; password: string }): Promise<TestMosquitto> {
    const broker = new TestMosquitto(dir, await freePort());
    fs.writeFileSync(
      broker.passwordFile,
      `${new BrokerCredentials('bootstrap').mosquittoLine(server.username, server.password)}\n`,
    );
    fs.writeFileSync(broker.aclFile, `user ${server.username}\ntopic readwrite #\n`);
    const conf = path.join(dir, 'mosquitto.conf');
    const lines = [
      `listener ${broker.port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${broker.passwordFile}`,
      `acl_file ${broker.aclFile}`,
    ];
    fs.writeFileSync(
      conf,
      `${[...lines, 'persistence false', 'user root', 'log_dest stderr', 'log_type all'].join('\n')}\n`,
    );
    const child = spawn(MOSQUITTO_BIN, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr?.on('data', (d: Buffer) => broker.log.push(d.toString()));
    broker.#process = child;
    await waitFor(`mosquitto on port ${broker.port}`, () => accepts(broker.port));
    return broker;
  }

  /** mqtt://user:password@127.0.0.1:port */
  url(account?: { username: string; password: string }): string {
    const auth = account
      ? `${encodeURIComponent(account.username)}:${encodeURIComponent(account.password)}@`
      : '';
    return `mqtt://${auth}127.0.0.1:${this.port}`;
  }

  /** The broker's process id while it runs (the replica lab kills it if the test process exits first). */
  get pid(): number | undefined {
    return this.#process?.exitCode === null ? this.#process.pid : undefined;
  }

  /** Re-reads the password and ACL files (what an operator does after regenerating them). */
  reload(): void {
    this.#process?.kill('SIGHUP');
  }

  async stop(): Promise<void> {
    const child = this.#process;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
