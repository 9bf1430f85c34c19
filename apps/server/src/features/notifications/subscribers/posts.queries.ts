import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { compiled, prepared } from '../../../db/prepared.ts';
import { posts } from '../../../db/schema/index.ts';
import { rowsOf } from '../../../lib/sql-rows.ts';
import { notifyInStatement } from '../notifications.service.ts';

/**
 * The author's notification of a new like as one statement: the same rules as `notify` (nobody is
 * told of their own like, nothing across a block either way, a dedupe key used before records
 * nothing) in one round trip, built once (db/prepared.ts `compiled`) and named (`prepared`), as
 * the like's own statement is: a like is the app's most frequent write. It names the post by the
 * start of its text ('Bruno curtiu seu post “Derivadas parciais…”.'), read in the same statement.
 */
const likeNotification = compiled(() => {
  const text = sql`btrim(regexp_replace(liked.content, '\\s+', ' ', 'g'))`;
  const named = sql`case when ${text} = '' then '.'
    when char_length(${text}) > ${LIKED_POST_PREVIEW} then ' “' || rtrim(left(${text}, ${LIKED_POST_PREVIEW})) || '…”.'
    else ' “' || ${text} || '”.' end`;
  return prepared(
    notifyInStatement(
      {
        userId: sql`liked.author_id`,
        actorId: sql.placeholder('actor'),
        type: 'like',
        title: 'Nova curtida',
        message: sql`${sql.placeholder('actorName')}::text || ' curtiu seu post' || ${named}`,
        actionUrl: sql.placeholder('url'),
        dedupeKey: sql.placeholder('dedupeKey'),
      },
      sql`(select ${posts.authorId} as author_id, ${posts.content} as content from ${posts}
        where ${posts.id} = ${sql.placeholder('post')}::uuid) as liked`,
    ),
  );
});

/** How many characters of a liked post's text its notification quotes. */
const LIKED_POST_PREVIEW = 40;

/** Records the like's notification in `tx`: its id, or undefined when the rules record none. */
export async function insertLikeNotification(
  tx: Tx,
  values: { post: string; actor: string; actorName: string; url: string; dedupeKey: string },
): Promise<{ id: string } | undefined> {
  const [row] = rowsOf<{ id: string }>(await likeNotification(tx, values));
  return row;
}
