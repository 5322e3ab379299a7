import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestServer } from '../../../apps/server/test/harness.ts';
import { repoRoot } from './agent-bundle.ts';

let bundleChecked = false;

/**
 * The server as its own process on fixed ports and a kept data dir, so a test can kill it (SIGKILL: no goodbye
 * to agents, as a crash or a power cut) and start it again, as an operator's outage does.
 */
export class ProcessServer {
  #child: ChildProcess | undefined;
  log = '';

  constructor(
    readonly httpPort: number,
    readonly mqttPort: number,
    readonly dataDir: string,
  ) {}

  /** The server's process id while it runs (for CPU and memory readings). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get url(): string {
    return `http://127.0.0.1:${this.httpPort}`;
  }

  /**
   * Starts the server and resolves once it answers HTTP. It runs the built bundle (apps/server/dist/main.mjs,
   * what `npm start` runs; rebuilt first when its sources changed): tsx would compile the sources again on every
   * start, seconds per restart on a loaded machine.
   */
  async start(): Promise<void> {
    // Checked once per test process: the restart storm starts the server 21 times, and on a loaded machine each
    // staleness check (a Node.js process reading every source's time) cost seconds.
    if (!bundleChecked) {
      execFileSync(process.execPath, [path.join(repoRoot, 'scripts', 'build-if-stale.mjs'), 'server'], {
        cwd: repoRoot,
        stdio: 'pipe',
      });
      bundleChecked = true;
    }
    fs.mkdirSync(this.dataDir, { recursive: true });
    const env = {
      ...process.env,
      PORT: String(this.httpPort),
      HOST: '0.0.0.0',
      MQTT_PORT: String(this.mqttPort),
      MQTT_HOST: '0.0.0.0',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: process.env.MESHDECK_TEST_SERVER_LOG_LEVEL ?? 'warn',
      CONSOLE_DIR: path.join(this.dataDir, 'no-console'),
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
      HOST_AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    };
    const child = spawn(process.execPath, ['apps/server/dist/main.mjs'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (this.log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (this.log += d.toString()));
    this.#child = child;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${this.log}`);
      const answered = await fetch(`${this.url}/api/server/status`).then(
        () => true,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Kills the process with SIGKILL and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  }

  /** The shape the shared factories take (only `request` and `url` are used). */
  asTestServer(): TestServer {
    const url = this.url;
    return {
      get app(): never {
        throw new Error('the server runs in another process');
      },
      url,
      dataDir: this.dataDir,
      postgresDatabase: undefined,
      async request(method, urlPath, options = {}) {
        const headers: Record<string, string> = { ...options.headers };
        if (options.token) headers.authorization = `Bearer ${options.token}`;
        if (options.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${url}${urlPath}`, {
          method,
          headers,
          body: options.body === undefined ? options.rawBody : JSON.stringify(options.body),
        });
        const text = await response.text();
        return {
          status: response.status,
          body: (text ? JSON.parse(text) : undefined) as never,
          headers: response.headers,
        };
      },
      close: () => this.kill(),
    };
  }
}
