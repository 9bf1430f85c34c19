import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index.ts';

/** Column names that name a person, with or without a foreign key to users.id. */
const PERSON_COLUMN =
  /(^|_)(user|author|owner|sender|reporter|target|follower|following|actor|admin|teen|guardian|buyer|member|requested_by|uploaded_by|resolved_by|decided_by|from_user|to_user|user_a|user_b)(_id)?$/;

export interface UserColumns {
  table: string;
  columns: string[];
}

/**
 * Every table of the schema that holds a person's id, and those columns: any column with a foreign
 * key to users.id, or named like one (question_items.author_id has no key), plus users itself. The
 * export and erasure tests read the schema through this, so a new table cannot be forgotten.
 */
export function tablesHoldingUserIds(): UserColumns[] {
  const found: UserColumns[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    if (config.name === 'users') {
      found.push({ table: 'users', columns: ['id'] });
      continue;
    }
    const columns = new Set<string>();
    for (const key of config.foreignKeys) {
      const reference = key.reference();
      if (getTableConfig(reference.foreignTable).name !== 'users') continue;
      for (const column of reference.columns) columns.add(column.name);
    }
    for (const column of config.columns) if (PERSON_COLUMN.test(column.name)) columns.add(column.name);
    if (columns.size > 0) found.push({ table: config.name, columns: [...columns].sort() });
  }
  return found.sort((a, b) => (a.table < b.table ? -1 : 1));
}
