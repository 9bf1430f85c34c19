import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation, pgErrorCode } from '../lib/pg-errors.ts';
import { rowsOf } from '../lib/sql-rows.ts';
import { type Database, openDatabase, openPglite, openPgliteThread } from './client.ts';

// The embedded default of `npm start` (docs/decisions/032 and 037): PGlite in its own thread, reached
// through messages that carry statements one way and parsed rows the other.
describe('PGlite in its own thread', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-pglite-thread-'));
  let database: Database;

  // A new file database runs every migration: seconds on a quiet machine, a minute on a busy one.
  beforeAll(async () => {
    database = await openPgliteThread({ dataDir });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the migrated database', async () => {
    const rows = rowsOf<{ users: number }>(
      await database.db.execute(sql`select count(*)::int as users from users`),
    );
    expect(rows).toEqual([{ users: 0 }]);
    expect(database.kind).toBe('pglite');
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it("keeps the server's event loop turning while a slow query runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = Date.now();
    await database.db.execute(sql`select count(*) from generate_series(1, 2000000)`);
    const took = Date.now() - started;
    clearInterval(timer);
    // In the server's own thread PGlite would hold the loop for the whole query: not one tick.
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(1);
  });

  it('answers rows typed as the in-thread driver does, and errors with their PostgreSQL fields', async () => {
    // The same row of every kind of column, written and read back through a database.
    const typedRow = async (through: Database) => {
      await through.db.execute(
        sql`create table typed (id int primary key, at timestamptz, doc jsonb, big int8, bytes bytea, tags text[])`,
      );
      await through.db.execute(
        sql`insert into typed values (1, '2026-11-27 10:00:00+00', '{"a": [1, "dois"]}', 9007199254740993, '\\x0102', '{a,b}')`,
      );
      return rowsOf<Record<string, unknown>>(await through.db.execute(sql`select * from typed`))[0];
    };
    const row = await typedRow(database);
    const inThread = await openPglite({});
    try {
      const expected = await typedRow(inThread);
      expect(row).toEqual(expected);
      expect(row?.doc).toEqual({ a: [1, 'dois'] });
      expect(row?.bytes).toBeInstanceOf(Uint8Array);
    } finally {
      await inThread.close();
    }
    const duplicate = await database.db.execute(sql`insert into typed (id) values (1)`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(pgErrorCode(duplicate)).toBe('23505');
    // A value that cannot cross threads fails that call only.
    await expect(database.query('select $1::text as v', [() => 'x'])).rejects.toThrow(/could not be cloned/);
    await expect(database.query('select $1::text as v', ['ok'])).resolves.toEqual(
      expect.objectContaining({ rows: [{ v: 'ok' }] }),
    );
  });

  it('commits a transaction as one unit, rolls it back on an error, and holds other queries until it ends', async () => {
    await database.db.execute(sql`create table moves (note text)`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into moves values ('um')`);
      await tx.execute(sql`insert into moves values ('dois')`);
    });
    const failed = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into moves values ('três')`);
        throw new Error('desistiu');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('desistiu');

    // A query from outside waits for the open transaction instead of running inside it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into moves values ('quatro')`);
      await held;
      await tx.execute(sql`delete from moves where note = 'quatro'`);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const outside = database.db.execute(sql`select note from moves order by note`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(rowsOf<{ note: string }>(await outside).map((row) => row.note)).toEqual(['dois', 'um']);
  });

  it('keeps what was written after it is closed and opened again', async () => {
    await database.db.execute(sql`create table kept (note text)`);
    await database.db.execute(sql`insert into kept values ('anotação')`);
    await database.close();
    await expect(database.ping()).rejects.toSatisfy(isDatabaseUnavailable);
    database = await openPgliteThread({ dataDir });
    const rows = rowsOf<{ note: string }>(await database.db.execute(sql`select note from kept`));
    expect(rows).toEqual([{ note: 'anotação' }]);
  }, 180_000);

  it('is what the server opens without DATABASE_URL (npm start)', async () => {
    const startDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-start-'));
    const opened = await openDatabase({ dataDir: startDir });
    try {
      expect(fs.readdirSync(path.join(startDir, 'pglite'))).toContain('PG_VERSION');
      let ticks = 0;
      const timer = setInterval(() => ticks++, 10);
      await opened.db.execute(sql`select count(*) from generate_series(1, 2000000)`);
      clearInterval(timer);
      expect(ticks).toBeGreaterThan(1);
    } finally {
      await opened.close();
      fs.rmSync(startDir, { recursive: true, force: true });
    }
  }, 180_000);
});
