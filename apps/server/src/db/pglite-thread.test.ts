import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql-rows.ts';
import { type Database, openPgliteThread } from './client.ts';

// The embedded default of `npm start` (docs/decisions/032): PGlite in its own thread behind a socket.
describe('PGlite in its own thread', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'estudai-pglite-thread-'));
  let database: Database;

  beforeAll(async () => {
    database = await openPgliteThread({ dataDir });
  });
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

  it('keeps what was written after it is closed and opened again, and removes its socket', async () => {
    await database.db.execute(sql`create table kept (note text)`);
    await database.db.execute(sql`insert into kept values ('anotação')`);
    const socketDirs = () =>
      fs
        .readdirSync(os.tmpdir())
        .filter((name) => name.startsWith('estudai-pglite-') && !dataDir.endsWith(name));
    const before = socketDirs();
    await database.close();
    expect(socketDirs().length).toBe(before.length - 1);
    database = await openPgliteThread({ dataDir });
    const rows = rowsOf<{ note: string }>(await database.db.execute(sql`select note from kept`));
    expect(rows).toEqual([{ note: 'anotação' }]);
  });
});
