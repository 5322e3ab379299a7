import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNetwork, createSuperAdminAndLogin } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { AccessModels } from './access-models.ts';
import { AccessRepository } from './access.repository.ts';

let server: TestServer;
let database: DatabaseHandle;
let models: AccessModels;
let storedDefault: boolean;
beforeEach(async () => {
  server = await startTestServer();
  database = server.app.meshdeck.database;
  await createNetwork(server, await createSuperAdminAndLogin(server), 'office');
  models = new AccessModels(new AccessRepository(database.db), false);
  storedDefault = (await models.snapshot('office'))!.rows.defaultAllow;
});
afterEach(async () => {
  await server.close();
});

/** Flips the network's default access in the database (through the handle, so inside a unit of work too). */
const flipDefault = () =>
  database.db
    .updateTable('networks')
    .set({ default_acl: storedDefault ? 0 : 1 })
    .where('netid', '=', 'office')
    .execute();
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('AccessModels inside a unit of work (an import)', () => {
  it('-> when the unit of work rolls back, keeps nothing it read or remembered there', async () => {
    const refused = database.runInTransaction(async () => {
      await flipDefault();
      models.forget('office');
      const inside = (await models.snapshot('office'))!;
      expect(inside.rows.defaultAllow).toBe(!storedDefault);
      models.remember('office', inside.rows, inside.model);
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    expect((await models.snapshot('office'))!.rows.defaultAllow).toBe(storedDefault);
    expect(models.lastDefault('office')).toBe(storedDefault);
  });

  it('-> when it commits, a model another caller read meanwhile is forgotten, so the stored state is read again', async () => {
    let startReading!: () => void;
    const reading = new Promise<void>((resolve) => (startReading = resolve));
    // Another caller, outside the unit of work: it reads (and keeps) the network while the unit of work runs.
    const outside = reading.then(() => models.snapshot('office'));
    await database.runInTransaction(async () => {
      await flipDefault();
      const inside = (await models.snapshot('office'))!;
      models.remember('office', inside.rows, inside.model);
      startReading();
      await later(50);
    });
    await outside;
    expect((await models.snapshot('office'))!.rows.defaultAllow).toBe(!storedDefault);
  });
});

describe('AccessModels read while the network changes', () => {
  it('-> when the network is forgotten while a read is under way, that read is answered but not kept', async () => {
    // A read that has its rows but has not returned yet when a change is saved and announced (forget).
    const repository = new AccessRepository(database.db);
    let hasRead!: () => void;
    const read = new Promise<void>((resolve) => (hasRead = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const slow = Object.assign(Object.create(repository) as AccessRepository, {
      read: async (netid: string) => {
        const rows = await repository.read(netid);
        hasRead();
        await finished;
        return rows;
      },
    });
    const racing = new AccessModels(slow, false);
    const asked = racing.snapshot('office');
    await read;
    await flipDefault();
    racing.forget('office');
    finish();
    expect((await asked)!.rows.defaultAllow).toBe(storedDefault);
    expect((await racing.snapshot('office'))!.rows.defaultAllow).toBe(!storedDefault);
  });
});
