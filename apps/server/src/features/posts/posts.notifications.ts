import { and, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { currentMembershipSql, requireMentionsAllowed } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { groupMemberships, studyGroups, users } from '../../db/schema/index.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type NotifyInput, notify, notifyInStatement } from '../notifications/index.ts';

type Row = Awaited<ReturnType<typeof notify>>;

const commentUrl = (postId: string, commentId: string) => `/post/${postId}/comments/${commentId}`;
const postUrl = (postId: string) => `/post/${postId}/comments`;
/** At most this many @handles of one text are looked up and notified. */
const MENTIONS_MAX = 20;
const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 80)}…` : text);

/** The user (row of `users`) may read the group: a group post's text goes to nobody else. */
function readsGroup(studyGroupId: string | null | undefined): SQL | undefined {
  if (!studyGroupId) return undefined;
  return sql`(exists (select 1 from ${studyGroups} where ${studyGroups.id} = ${studyGroupId} and ${studyGroups.ownerId} = ${users.id})
    or exists (select 1 from ${groupMemberships} where ${groupMemberships.studyGroupId} = ${studyGroupId}
      and ${groupMemberships.userId} = ${users.id} and ${currentMembershipSql}))`;
}

/** Of these people, those who may read the group's posts (everyone, for the main feed). */
async function withAccess(tx: Tx, studyGroupId: string | null | undefined, userIds: string[]) {
  if (!studyGroupId) return new Set(userIds);
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), readsGroup(studyGroupId)));
  return new Set(rows.map((row) => row.id));
}

/** `@ana.souza` style handles in a text, lower-cased, without repeats. */
export function mentionedUsernames(text: string): string[] {
  const found = text.matchAll(/(?<![\w@.])@([a-z0-9][a-z0-9._]{1,29})/gi);
  return [...new Set([...found].map((match) => match[1]?.replace(/[._]+$/, '').toLowerCase() ?? ''))].filter(
    Boolean,
  );
}

/**
 * The 403 of a text mentioning someone the author blocked or who blocked them (issue 21), checked
 * before a post or comment is written or edited; the same 20 handles `notifyMentions` reads.
 */
export function requireMentionable(db: Tx, actorId: string, text: string): Promise<void> {
  return requireMentionsAllowed(db, actorId, mentionedUsernames(text).slice(0, MENTIONS_MAX));
}

/** Mentioned people (not the author, not suspended) each get one 'mention' for this text. */
async function notifyMentions(
  tx: Tx,
  actor: SessionUser,
  text: string,
  base: Omit<NotifyInput, 'userId' | 'type' | 'title' | 'message'>,
  skip: string[],
  studyGroupId: string | null | undefined,
) {
  const usernames = mentionedUsernames(text);
  if (usernames.length === 0) return [];
  const mentioned = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.username, usernames.slice(0, MENTIONS_MAX)),
        ne(users.id, actor.id),
        isNull(users.suspendedAt),
        readsGroup(studyGroupId),
      ),
    );
  const rows: Row[] = [];
  for (const { id } of mentioned) {
    if (skip.includes(id)) continue;
    rows.push(
      await notify(tx, {
        ...base,
        userId: id,
        actorId: actor.id,
        type: 'mention',
        title: 'Você foi mencionado',
        message: `${actor.displayName} mencionou você: “${preview(text)}”`,
      }),
    );
  }
  return rows;
}

/**
 * A like on someone's post, recorded by the like's own statement (`writeLike`): the post's author
 * (`authorId`, a column of `source`) is told once, however often it is liked, unliked and liked again.
 * The statement's text is built once (db/prepared.ts `compiled`): each like's own words come in
 * `likeNotificationValues`.
 */
export function likeNotificationInStatement(authorId: SQL, source: SQL): SQL {
  return notifyInStatement(
    {
      userId: authorId,
      actorId: sql.placeholder('likeActorId'),
      type: 'like',
      title: 'Nova curtida',
      message: sql.placeholder('likeMessage'),
      actionUrl: sql.placeholder('likeUrl'),
      dedupeKey: sql.placeholder('likeDedupeKey'),
    },
    source,
  );
}

/** The values of `likeNotificationInStatement` for `actor` liking `postId`. */
export function likeNotificationValues(actor: SessionUser, postId: string) {
  return {
    likeActorId: actor.id,
    likeMessage: `${actor.displayName} curtiu seu post.`,
    likeUrl: postUrl(postId),
    likeDedupeKey: `like:${postId}:${actor.id}`,
  };
}

/** A comment tells the post's author; a reply also tells the comment's author; @mentions tell those named. */
export async function notifyComment(
  tx: Tx,
  actor: SessionUser,
  post: { id: string; authorId: string; studyGroupId: string | null },
  comment: { id: string; content: string },
  parentAuthorId: string | null,
): Promise<Row[]> {
  const url = commentUrl(post.id, comment.id);
  const readers = await withAccess(tx, post.studyGroupId, [
    post.authorId,
    ...(parentAuthorId ? [parentAuthorId] : []),
  ]);
  const rows: Row[] = [];
  if (readers.has(post.authorId)) {
    rows.push(
      await notify(tx, {
        userId: post.authorId,
        actorId: actor.id,
        type: 'comment',
        title: 'Novo comentário',
        message: `${actor.displayName} comentou no seu post: “${preview(comment.content)}”`,
        actionUrl: url,
        dedupeKey: `comment:${comment.id}`,
      }),
    );
  }
  if (parentAuthorId && parentAuthorId !== post.authorId && readers.has(parentAuthorId)) {
    rows.push(
      await notify(tx, {
        userId: parentAuthorId,
        actorId: actor.id,
        type: 'comment',
        title: 'Nova resposta',
        message: `${actor.displayName} respondeu ao seu comentário: “${preview(comment.content)}”`,
        actionUrl: url,
        dedupeKey: `reply:${comment.id}`,
      }),
    );
  }
  const alreadyTold = [post.authorId, ...(parentAuthorId ? [parentAuthorId] : [])];
  rows.push(
    ...(await notifyMentions(
      tx,
      actor,
      comment.content,
      { actionUrl: url, dedupeKey: `mention:${comment.id}` },
      alreadyTold,
      post.studyGroupId,
    )),
  );
  return rows;
}

/** @mentions in a new post. */
export function notifyPostMentions(
  tx: Tx,
  actor: SessionUser,
  post: { id: string; content: string; studyGroupId: string | null },
) {
  return notifyMentions(
    tx,
    actor,
    post.content,
    { actionUrl: postUrl(post.id), dedupeKey: `mention:${post.id}` },
    [],
    post.studyGroupId,
  );
}
