import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql-rows.ts';
import { type Database, openDatabase, openPgliteThread } from './client.ts';

// The embedded default of `npm start` (docs/decisions/032): PGlite in its own thread behind a socket.
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

  it('opens the migrated database, through the same driver as PostgreSQL', async () => {
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

  it('keeps what was written after it is closed and opened again; its socket is private and goes with it', async () => {
    const socketDir = `${dataDir}-socket`;
    expect(fs.statSync(socketDir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(socketDir)).toContain('.s.PGSQL.5432');
    await database.db.execute(sql`create table kept (note text)`);
    await database.db.execute(sql`insert into kept values ('anotação')`);
    await database.close();
    expect(fs.existsSync(socketDir)).toBe(false);
    // A server killed with SIGKILL leaves its socket behind: the next start is not stopped by it.
    fs.mkdirSync(socketDir);
    fs.writeFileSync(path.join(socketDir, '.s.PGSQL.5432'), '');
    database = await openPgliteThread({ dataDir });
    const rows = rowsOf<{ note: string }>(await database.db.execute(sql`select note from kept`));
    expect(rows).toEqual([{ note: 'anotação' }]);
  }, 180_000);

  it('is what the server opens without DATABASE_URL (npm start)', async () => {
    const startDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-start-'));
    const opened = await openDatabase({ dataDir: startDir });
    try {
      expect(fs.readdirSync(`${path.join(startDir, 'pglite')}-socket`)).toContain('.s.PGSQL.5432');
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
