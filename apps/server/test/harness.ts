import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { requestJson } from './http-request.ts';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: App;
  url: string;
  dataDir: string;
  /** The PostgreSQL database of this server, when the run uses PostgreSQL. */
  postgresDatabase: string | undefined;
  request<T = any>(method: string, urlPath: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database per test server when DATABASE_URL is set, so suites never share state. */
async function createPostgresDatabase(
  baseUrl: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `meshdeck_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Starts the real app on a random port with a temp data dir (SQLite, or a fresh PostgreSQL database).
 * `logStream` receives the app's log lines (set LOG_LEVEL in `env` too, the harness default is silent).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meshdeck-api-'));
  const postgres = process.env.DATABASE_URL
    ? await createPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MQTT_PORT: '0',
    LOG_LEVEL: 'silent',
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
    HOST_AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  const app = await buildApp(config, { logStream: options.logStream });
  // HOST=0.0.0.0 lets network namespaces reach the server (agent data-plane test); the URL stays on loopback.
  await app.listen({ port: 0, host: env.HOST ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  return {
    app,
    url,
    dataDir,
    postgresDatabase: postgres?.name,
    request: (method, urlPath, options = {}) => requestJson<never>(url, method, urlPath, options),
    async close() {
      await app.close();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** True when this run uses PostgreSQL. */
export const isPostgres = () => process.env.DATABASE_URL !== undefined && process.env.DATABASE_URL !== '';
