import { sql } from 'drizzle-orm';
import { posts } from '../../../db/schema/index.ts';
import type { StatementEvent } from '../../../events/events.ts';
import { notifyInStatement } from '../notifications.service.ts';

/** How many characters of a liked post's text its notification quotes. */
const LIKED_POST_PREVIEW = 40;

/**
 * The author's notification of a new like, written inside the like's own statement (decision 067: a
 * like is the app's most frequent write, one round trip): the same rules as `notify` (nobody is told
 * of their own like, nothing across a block either way, a dedupe key used before records nothing).
 * It names the post by the start of its text ('Bruno curtiu seu post “Derivadas parciais…”.'), read
 * in the same statement. Returns the new notification's `id`.
 */
export function likeNotification({ from, columns: like }: StatementEvent<'post.liked'>) {
  const text = sql`btrim(regexp_replace(liked.content, '\\s+', ' ', 'g'))`;
  const named = sql`case when ${text} = '' then '.'
    when char_length(${text}) > ${LIKED_POST_PREVIEW} then ' “' || rtrim(left(${text}, ${LIKED_POST_PREVIEW})) || '…”.'
    else ' “' || ${text} || '”.' end`;
  return notifyInStatement(
    {
      userId: like.authorId,
      actorId: like.actorId,
      type: 'like',
      title: 'Nova curtida',
      message: sql`${like.actorName} || ' curtiu seu post' || ${named}`,
      actionUrl: sql`'/post/' || ${like.postId} || '/comments'`,
      dedupeKey: sql`'like:' || ${like.postId} || ':' || ${like.actorId}`,
    },
    sql`${from} join ${posts} as liked on liked.id = ${like.postId}`,
  );
}
