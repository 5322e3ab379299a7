import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/** The PostgreSQL channel replicas send their change hints on (decision 062). */
export const CHANGE_CHANNEL = 'meshdeck_changes';
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;

/** What the channel tells its one listener. */
export interface ChangeChannelListener {
  /** A hint (as sent) and its version. */
  onHint(version: number, payload: string): void;
  /**
   * The listening connection is in place (at start, and again after it was lost): every hint past `version` will
   * be heard; hints up to it sent while it was down were not.
   */
  onListening(version: number, isReconnect: boolean): void;
  /** The listening connection was lost; it is being opened again. */
  onLost(error: unknown): void;
}

/**
 * PostgreSQL LISTEN/NOTIFY with a version: each hint bumps the one-row `change_version` and notifies in one
 * statement, so a hint is heard by every listener exactly when its version is visible in the table. A listener
 * that reads the version and has heard every hint up to it has missed nothing committed before that read.
 */
export class ChangeChannel {
  #client: pg.Client | undefined;
  #isListening = false;
  #isClosed = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly url: string,
  ) {}

  /**
   * Sends one hint (under 7,980 bytes of UTF-8: PostgreSQL's limit less the version in front); resolves with its
   * version once committed. It goes on the listening connection while that is up, so a write's answer, which waits
   * for its hint, never queues behind ordinary queries for a pooled connection.
   */
  async send(payload: string): Promise<number> {
    const client = this.#isListening ? this.#client : undefined;
    const text = `with bumped as (update change_version set version = version + 1 where id = 1 returning version)
      select version::text as version, pg_notify($1, version::text || ' ' || $2) from bumped`;
    if (client) {
      const { rows } = await client.query<{ version: string }>(text, [CHANGE_CHANNEL, payload]);
      return Number(rows[0]?.version ?? 0);
    }
    const { rows } = await sql<{ version: string }>`
      with bumped as (update change_version set version = version + 1 where id = 1 returning version)
      select version::text as version, pg_notify(${CHANGE_CHANNEL}, version::text || ' ' || ${payload})
      from bumped`.execute(this.db);
    return Number(rows[0]?.version ?? 0);
  }

  /** The latest hint's version, read on the listening connection while it is up (it is otherwise idle). */
  async version(): Promise<number> {
    const client = this.#isListening ? this.#client : undefined;
    if (client) {
      const { rows } = await client.query<{ version: string }>(
        'select version::text as version from change_version where id = 1',
      );
      return Number(rows[0]?.version ?? 0);
    }
    const row = await this.db
      .selectFrom('change_version')
      .select(sql<string>`version::text`.as('version'))
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  get isListening(): boolean {
    return this.#isListening;
  }

  /** Opens the listening connection (resolves once it listens), and opens it again whenever it is lost. */
  async listen(listener: ChangeChannelListener): Promise<void> {
    await this.#connect(listener, false);
  }

  async #connect(listener: ChangeChannelListener, isReconnect: boolean, delayMs = RECONNECT_FIRST_MS) {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      application_name: CHANGE_CHANNEL,
    });
    let isLost = false;
    const lost = (error: unknown) => {
      if (isLost || this.#isClosed) return;
      isLost = true;
      this.#isListening = false;
      void client.end().catch(() => undefined);
      listener.onLost(error);
      this.#timer = setTimeout(() => {
        const next = Math.min(delayMs * 2, RECONNECT_MAX_MS);
        this.#connect(listener, true, next).catch(() => undefined);
      }, delayMs);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the listening connection ended')));
    client.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || !message.payload) return;
      const space = message.payload.indexOf(' ');
      listener.onHint(Number(message.payload.slice(0, space)), message.payload.slice(space + 1));
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query(`listen ${CHANGE_CHANNEL}`);
      this.#isListening = true;
      // Read after LISTEN: a hint committed after this read is heard; one before it is covered by `version`.
      const version = await this.version();
      if (!isLost) listener.onListening(version, isReconnect);
    } catch (error) {
      if (!isReconnect) {
        // At start the server refuses to run rather than run unaware of the other replicas.
        this.#isClosed = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      lost(error);
    }
  }

  /** Stops listening for good. */
  async close(): Promise<void> {
    this.#isClosed = true;
    this.#isListening = false;
    clearTimeout(this.#timer);
    await this.#client?.end().catch(() => undefined);
  }
}
