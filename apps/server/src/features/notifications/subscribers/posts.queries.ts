import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { compiled, prepared } from '../../../db/prepared.ts';
import { rowsOf } from '../../../lib/sql-rows.ts';
import { notifyInStatement } from '../notifications.service.ts';

/**
 * The author's notification of a new like as one statement: the same rules as `notify` (nobody is
 * told of their own like, nothing across a block either way, a dedupe key used before records
 * nothing) in one round trip, built once (db/prepared.ts `compiled`) and named (`prepared`), as
 * the like's own statement is: a like is the app's most frequent write.
 */
const likeNotification = compiled(() =>
  prepared(
    notifyInStatement(
      {
        userId: sql`liked.author_id`,
        actorId: sql.placeholder('actor'),
        type: 'like',
        title: 'Nova curtida',
        message: sql.placeholder('message'),
        actionUrl: sql.placeholder('url'),
        dedupeKey: sql.placeholder('dedupeKey'),
      },
      sql`(select ${sql.placeholder('author')}::uuid as author_id) as liked`,
    ),
  ),
);

/** Records the like's notification in `tx`: its id, or undefined when the rules record none. */
export async function insertLikeNotification(
  tx: Tx,
  values: { author: string; actor: string; message: string; url: string; dedupeKey: string },
): Promise<{ id: string } | undefined> {
  const [row] = rowsOf<{ id: string }>(await likeNotification(tx, values));
  return row;
}
