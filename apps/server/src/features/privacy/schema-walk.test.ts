import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { EXPORT_EXCEPTIONS, EXPORTED, EXPORTED_LINKED } from './export-registry.queries.ts';

// Issue 37: the database itself (information_schema, not the Drizzle files) is walked for every
// table that references users, and for every table that keeps an e-mail address. Each must be in
// the export ('Meus dados') or excepted with a reason, and must go with the user's row at erasure
// (ON DELETE CASCADE or SET NULL); what is kept under an e-mail, the erasure job deletes by it.

let t: TestApp;
oneAppPerDescribe(buildTestApp, (built) => {
  t = built;
});

async function query<T>(text: string) {
  return rowsOf<T>(await t.app.ctx.database.db.execute(sql.raw(text)));
}

describe('the database schema, walked for personal data', () => {
  it('every table referencing users is exported (or excepted) and erased', async () => {
    const references = await query<{ table_name: string; column_name: string; delete_rule: string }>(`
      select kcu.table_name, kcu.column_name, rc.delete_rule
      from information_schema.referential_constraints rc
      join information_schema.key_column_usage kcu
        on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_schema = rc.unique_constraint_schema and ccu.constraint_name = rc.unique_constraint_name
      where kcu.table_schema = 'public' and ccu.table_name = 'users' and ccu.column_name = 'id'
      order by 1, 2`);
    expect(references.length).toBeGreaterThan(40);
    const notExported = references
      .map((row) => row.table_name)
      .filter((table) => !(table in EXPORTED) && !(table in EXPORT_EXCEPTIONS));
    expect(notExported, 'add these tables to EXPORTED or EXPORT_EXCEPTIONS').toEqual([]);
    const notErased = references
      .filter((row) => !['CASCADE', 'SET NULL'].includes(row.delete_rule))
      .map((row) => `${row.table_name}.${row.column_name}`);
    expect(notErased, 'these references would keep the person after erasure').toEqual([]);
  });

  it('every table keeping an e-mail address besides users is exported and erased by that address', async () => {
    const tables = await query<{ table_name: string }>(`
      select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name in ('email', 'invited_email') and table_name <> 'users'
      order by 1`);
    const byEmail = tables.map((row) => row.table_name).filter((table) => !(table in EXPORTED));
    expect(byEmail).toEqual(['login_failures', 'waitlist_entries']);
    for (const table of byEmail) expect(EXPORTED_LINKED).toHaveProperty(table);
  });

  it('the answers of simulados, reached through the attempts, are exported too', () => {
    expect(EXPORTED_LINKED).toHaveProperty('simulado_answers');
  });
});
