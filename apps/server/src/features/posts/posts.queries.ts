import type { MediaSensitivity, PageQuery } from '@estudai/contract';
import { and, desc, eq, inArray, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { currentMembershipSql, postShownTo, postVisibleTo } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { compiled, prepared, runNamed } from '../../db/prepared.ts';
import {
  groupMemberships,
  mediaUploads,
  pollVotes,
  postAnswers,
  postLikes,
  postSaves,
  posts,
  quizAttempts,
  studyGroups,
  users,
} from '../../db/schema/index.ts';
import type { DomainEventBus } from '../../events/events.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type CursorKind, decodeCursor, encodeCursor, type Position } from './cursor.ts';

/** A post with its author and what this viewer did with it, in one round trip. */
function postFields(viewerId: string | Placeholder) {
  return {
    post: posts,
    author: {
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      avatar: users.avatar,
      userType: users.userType,
      isVerified: users.isVerified,
    },
    /**
     * Issue 43: each of `media_urls` with its image check's result, in order; a file with no record
     * (from before the records, a demo file) is 'ok'. The key is the address's part after /media/.
     */
    mediaChecks: sql<{ url: string; sensitivity: MediaSensitivity }[]>`(select coalesce(jsonb_agg(
        jsonb_build_object('url', u.url, 'sensitivity', coalesce(m.sensitivity, 'ok')) order by u.ord), '[]'::jsonb)
      from unnest(${posts.mediaUrls}) with ordinality as u(url, ord)
      left join ${mediaUploads} m on m.key = 'uploads/' || substring(u.url from '/media/(.*)$'))`,
    isLiked: sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
    isSaved: sql<boolean>`exists (select 1 from ${postSaves} where ${postSaves.postId} = ${posts.id} and ${postSaves.userId} = ${viewerId})`,
    viewerAnswer: sql<
      number | null
    >`(select ${postAnswers.optionIndex} from ${postAnswers} where ${postAnswers.postId} = ${posts.id} and ${postAnswers.userId} = ${viewerId} and ${postAnswers.questionIndex} = 0)`,
    viewerVote: sql<
      number | null
    >`(select ${pollVotes.optionIndex} from ${pollVotes} where ${pollVotes.postId} = ${posts.id} and ${pollVotes.userId} = ${viewerId})`,
    viewerQuizAnswers: sql<number[] | null>`(select ${quizAttempts.answers} from ${quizAttempts}
      where ${quizAttempts.postId} = ${posts.id} and ${quizAttempts.userId} = ${viewerId}
      order by ${quizAttempts.createdAt} desc, ${quizAttempts.id} desc limit 1)`,
    /** Quiz posts: the viewer's first answer to each question, by index (`{"0": 2}`). */
    viewerQuestionAnswers: sql<Record<string, number> | null>`(case when ${posts.type} = 'question_set' then
      (select jsonb_object_agg(${postAnswers.questionIndex}, ${postAnswers.optionIndex}) from ${postAnswers}
        where ${postAnswers.postId} = ${posts.id} and ${postAnswers.userId} = ${viewerId}) end)`,
  };
}

/** Posts whose author is not suspended, with the viewer's state; callers add filters and order. */
function selectPosts(db: Tx, viewerId: string | Placeholder) {
  return db
    .select(postFields(viewerId))
    .from(posts)
    .innerJoin(users, and(eq(users.id, posts.authorId), isNull(users.suspendedAt)))
    .$dynamic();
}

/** No one signed in: a uuid no user has, so every "did the viewer…" field is false or null. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * A post a signed-out visitor may read from a shared link: on the main feed (a group's stay for
 * members), not hidden, by an author who is not suspended and whose profile is public (a minor's,
 * or a followers-only one, is for followers: exactly what a stranger signed in would see).
 */
export async function findPublicPostRow(db: Tx, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [row] = await selectPosts(db, NOBODY)
    .where(
      and(
        eq(posts.id, postId),
        isNull(posts.studyGroupId),
        isNull(posts.hiddenAt),
        eq(users.profileVisibility, 'public'),
        // Belt and braces for minors (decision 018): never on a public page, whatever their setting.
        sql`(${users.birthDate} is null or ${users.birthDate} <= current_date - interval '18 years')`,
      ),
    )
    .limit(1);
  return row && { row, viewerId: NOBODY };
}

export type PostRow = Awaited<ReturnType<ReturnType<typeof selectPosts>['execute']>>[number];

export async function findPostRow(db: Tx, viewerId: string, postId: string): Promise<PostRow | undefined> {
  if (!isUuid(postId)) return undefined;
  const [row] = await selectPosts(db, viewerId)
    .where(and(eq(posts.id, postId), postVisibleTo(viewerId)))
    .limit(1);
  return row;
}

export interface ListInput extends PageQuery {
  cursor?: string;
}
export interface RowPage<R> {
  rows: R[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** Keyset `(t, id) < (cursor.t, cursor.id)` in the list's own order; both columns descending. */
const before = (time: PgColumn, id: PgColumn, position: Position) =>
  sql`(${time}, ${id}) < (${position.t.toISOString()}::timestamptz, ${position.id}::uuid)`;

/**
 * One page of a newest-first list: after a cursor (keyset) when one is given, else by page/limit
 * (offset). One row more than asked tells whether more remain; its predecessor becomes the cursor.
 */
async function paginate<R>(
  key: Buffer,
  kind: CursorKind,
  input: ListInput,
  fetch: (after: Position | undefined, offset: number, take: number) => Promise<R[]>,
  positionOf: (row: R) => Position,
): Promise<RowPage<R>> {
  const after = input.cursor ? decodeCursor(key, kind, input.cursor) : undefined;
  const offset = after ? 0 : (input.page - 1) * input.limit;
  const fetched = await fetch(after, offset, input.limit + 1);
  const hasMore = fetched.length > input.limit;
  const rows = fetched.slice(0, input.limit);
  const last = rows.at(-1);
  return { rows, hasMore, nextCursor: hasMore && last ? encodeCursor(key, kind, positionOf(last)) : null };
}

const postPosition = (row: PostRow): Position => ({ t: row.post.createdAt, id: row.post.id });

/**
 * A prepared statement of `db`'s, made at its first use under `name` (the name it has on
 * PostgreSQL, where each connection plans it once): the feed's hot path.
 */
const statements = new WeakMap<Tx, Map<string, unknown>>();
function statementFor<T>(db: Tx, name: string, prepare: (name: string) => T): T {
  let ofDb = statements.get(db);
  if (!ofDb) {
    ofDb = new Map();
    statements.set(db, ofDb);
  }
  let statement = ofDb.get(name) as T | undefined;
  if (!statement) {
    statement = prepare(name);
    ofDb.set(name, statement);
  }
  return statement;
}

/**
 * These posts with the viewer's state, in no order: a home feed's page once ranked (its ranking kept
 * to what the viewer may see, home-feeds.queries.ts). `ids` are posts' own ids (uuids).
 */
export function postsByIds(db: Tx, viewerId: string, ids: readonly string[]): Promise<PostRow[]> {
  const statement = statementFor(db, 'posts_by_ids', (name) =>
    selectPosts(db, sql.placeholder('viewer'))
      .where(sql`${posts.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  );
  return statement.execute({ viewer: viewerId, ids: `{${ids.join(',')}}` });
}

/** One author's main-feed posts, newest first. */
export function listAuthorRows(db: Tx, key: Buffer, viewerId: string, authorId: string, input: ListInput) {
  return paginate(
    key,
    'user',
    input,
    (after, offset, take) =>
      selectPosts(db, viewerId)
        .where(
          and(
            eq(posts.authorId, authorId),
            isNull(posts.studyGroupId),
            postShownTo(viewerId),
            after ? before(posts.createdAt, posts.id, after) : undefined,
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(take)
        .offset(offset),
    postPosition,
  );
}

/** One group's posts, newest first (index posts_group_idx); the caller checks access to the group. */
export function listGroupRows(db: Tx, key: Buffer, viewerId: string, groupId: string, input: ListInput) {
  return paginate(
    key,
    'group',
    input,
    (after, offset, take) =>
      selectPosts(db, viewerId)
        .where(
          and(
            eq(posts.studyGroupId, groupId),
            postShownTo(viewerId),
            after ? before(posts.createdAt, posts.id, after) : undefined,
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(take)
        .offset(offset),
    postPosition,
  );
}

/**
 * What a post search matches: Portuguese words without accents, stemmed ('derivadas' finds
 * 'Derivada'), plurals as singulars ('funções' finds 'função', 'integrais' 'integral'), through
 * `estudai_singular` and the `estudai_pt` configuration and their GIN index (migrations 0020, 0026); or one
 * #hashtag (folded: letters, digits and '_'), which the index narrows and a regular expression checks.
 */
export type PostMatch = { words: string } | { hashtag: string };

function postMatchSql(match: PostMatch): SQL {
  const document = sql`to_tsvector('estudai_pt'::regconfig, estudai_singular(${posts.content}))`;
  const query = (text: string) => sql`plainto_tsquery('estudai_pt'::regconfig, estudai_singular(${text}))`;
  if ('words' in match) return sql`${document} @@ ${query(match.words)}`;
  return sql`(${document} @@ ${query(match.hashtag)}
    and unaccent(lower(${posts.content})) ~ ${`#${match.hashtag}([^[:alnum:]_]|$)`})`;
}

/** Posts the viewer may read (main feed and their groups) that match the search, newest first. */
export function listSearchRows(db: Tx, key: Buffer, viewerId: string, match: PostMatch, input: ListInput) {
  return paginate(
    key,
    'search',
    input,
    (after, offset, take) =>
      selectPosts(db, viewerId)
        .where(
          and(
            postMatchSql(match),
            postVisibleTo(viewerId),
            after ? before(posts.createdAt, posts.id, after) : undefined,
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(take)
        .offset(offset),
    postPosition,
  );
}

/**
 * The hashtags of main-feed posts since `since` that the viewer is shown, folded as the search folds
 * them ('#Funções' is 'funcoes'), the most used first; a post counts once per tag. A '#' counts only
 * at the start of the text or after a character that is not part of a word (so 'a#b' is no tag).
 */
export async function listTrendingHashtagRows(
  db: Tx,
  viewerId: string,
  input: { since: Date; limit: number; maxLength: number },
): Promise<{ tag: string; postsCount: number }[]> {
  const result = await db.execute<{ tag: string; posts_count: number }>(sql`
    select found.tag, count(distinct ${posts.id})::int as posts_count
    from ${posts}
    inner join ${users} on ${users.id} = ${posts.authorId} and ${users.suspendedAt} is null
    cross join lateral (
      select parts[2] as tag
      from regexp_matches(unaccent(lower(${posts.content})), '(^|[^[:alnum:]_&])#([[:alnum:]_]+)', 'g') as parts
    ) as found
    where ${posts.studyGroupId} is null
      and ${posts.createdAt} >= ${input.since.toISOString()}::timestamptz
      and ${postShownTo(viewerId)}
      and char_length(found.tag) <= ${input.maxLength}
    group by found.tag
    order by posts_count desc, found.tag asc
    limit ${input.limit}
  `);
  return rowsOf<{ tag: string; posts_count: number }>(result).map((row) => ({
    tag: row.tag,
    postsCount: Number(row.posts_count),
  }));
}

/** The viewer's saved posts, most recently saved first. */
export function listSavedRows(db: Tx, key: Buffer, viewerId: string, input: ListInput) {
  return paginate(
    key,
    'saved',
    input,
    // Named (planning took 1.1 ms for 0.3 of running: issue 41): a cursor or not, an offset or not.
    (after, offset, take) =>
      runNamed(
        db
          .select({ ...postFields(viewerId), savedAt: postSaves.createdAt })
          .from(postSaves)
          .innerJoin(posts, eq(posts.id, postSaves.postId))
          .innerJoin(users, and(eq(users.id, posts.authorId), isNull(users.suspendedAt)))
          .where(
            and(
              eq(postSaves.userId, viewerId),
              postVisibleTo(viewerId),
              after ? before(postSaves.createdAt, postSaves.postId, after) : undefined,
            ),
          )
          .orderBy(desc(postSaves.createdAt), desc(postSaves.postId))
          .limit(take)
          .offset(offset),
      ),
    (row) => ({ t: row.savedAt, id: row.post.id }),
  );
}

/** The viewer's own post, hidden or not: its author may always delete it (the evidence stays). */
export async function findOwnPost(db: Tx, viewerId: string, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [row] = await db
    .select({ id: posts.id, authorId: posts.authorId })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, viewerId)))
    .limit(1);
  return row;
}

/** Likes a question needs before it counts as popular; `popular_at` is set once, then kept. */
const POPULAR_QUESTION_LIKES = 3;

/**
 * What `writeLike` answers: the post's id and author, count and count's version, whether it made the
 * post popular, whether a row changed, and what the 'post.liked' event's subscribers wrote (for
 * `events.statementDone`).
 */
export interface LikeWritten {
  id: string;
  authorId: string;
  likesCount: number;
  likesVersion: number;
  /** This like made the question popular (decision 034): it now ranks higher in 'Para você'. */
  becamePopular: boolean;
  changed: boolean;
  event: unknown;
}

/**
 * Like or unlike in one statement, so one round trip: the post as `findActionablePost` finds it
 * (CTE `target`: id, author_id), the viewer's like row added or removed (CTE `changed`: the rows it
 * touched), the counter moved only by them, and a new like's 'post.liked' event with what its
 * subscribers write (the author's notification: decision 067). No row back: no such post for this
 * viewer. When nothing changed, `likesCount` is the count as the statement started (a click raced by
 * the same person's: read it again to be exact).
 */
export async function writeLike(
  db: Tx,
  events: DomainEventBus,
  like: { viewer: string; viewerName: string; post: string; liked: boolean },
): Promise<LikeWritten | undefined> {
  if (!isUuid(like.post)) return undefined;
  const statement = like.liked ? likeStatementOf(events) : unlikeStatement;
  const result = await statement(db, { viewer: like.viewer, post: like.post, actorName: like.viewerName });
  const [row] = rowsOf<{
    id: string;
    author_id: string;
    likes_count: number;
    likes_version: number;
    became_popular: boolean;
    changed: boolean;
    event: unknown;
  }>(result);
  return (
    row && {
      id: row.id,
      authorId: row.author_id,
      likesCount: Number(row.likes_count),
      likesVersion: Number(row.likes_version),
      becamePopular: row.became_popular === true,
      changed: row.changed,
      event: row.event,
    }
  );
}

/**
 * `writeLike`'s statements, a like's and an unlike's, each built once (db/prepared.ts `compiled`:
 * under the mixed load Drizzle spent about 0.2 ms of the request thread turning it into text on every
 * like, 40% of the like's share of that thread) and named (`prepared`: planning it anew took a third
 * of PostgreSQL's time). A like's holds its event's subscribers, so it is built once per event bus.
 */
const likeStatements = new WeakMap<DomainEventBus, ReturnType<typeof compiled>>();
const unlikeStatement = compiled(() => prepared(likeSql(false)));

function likeStatementOf(events: DomainEventBus): ReturnType<typeof compiled> {
  let statement = likeStatements.get(events);
  if (!statement) {
    statement = compiled(() => prepared(likeSql(true, events)));
    likeStatements.set(events, statement);
  }
  return statement;
}

function likeSql(liked: boolean, events?: DomainEventBus): SQL {
  const viewer = sql.placeholder('viewer');
  const target = sql`select ${posts.id}, ${posts.authorId}, ${posts.likesCount}, ${posts.likesVersion}, ${posts.popularAt}
    from ${posts} inner join ${users} on ${users.id} = ${posts.authorId} and ${users.suspendedAt} is null
    where ${posts.id} = ${sql.placeholder('post')} and ${postVisibleTo(viewer)}
    limit 1`;
  const change = liked
    ? sql`insert into ${postLikes} (post_id, user_id) select id, ${viewer}::uuid from target
        on conflict do nothing returning post_id`
    : sql`delete from ${postLikes} where post_id in (select id from target) and user_id = ${viewer}::uuid
        returning post_id`;
  // A new like is the 'post.liked' event: a row of it when the like row was written.
  const event = events?.inStatement(
    'post.liked',
    {
      postId: sql`target.id`,
      authorId: sql`target.author_id`,
      actorId: sql`${viewer}::uuid`,
      actorName: sql`${sql.placeholder('actorName')}::text`,
    },
    sql`target where exists (select 1 from changed)`,
  );
  return sql`with target as (${target}),
    changed as (${change}),
    counted as (
      update ${posts} set likes_count = ${posts.likesCount} + ${liked ? 1 : -1},
        likes_version = ${posts.likesVersion} + 1,
        -- Decision 034: a question becomes popular once, for good ('Para você' ranks it higher).
        popular_at = coalesce(${posts.popularAt}, case when ${liked} and ${posts.type} in ('question', 'question_set')
          and ${posts.likesCount} + 1 >= ${POPULAR_QUESTION_LIKES} then now() end)
      where ${posts.id} in (select post_id from changed)
      returning ${posts.likesCount}, ${posts.likesVersion}, ${posts.popularAt})${event ? sql`, ${sql.join(event.ctes, sql`, `)}` : sql``}
    select target.id, target.author_id,
      coalesce((select likes_count from counted), target.likes_count) as likes_count,
      coalesce((select likes_version from counted), target.likes_version) as likes_version,
      target.popular_at is null and (select popular_at from counted) is not null as became_popular,
      exists (select 1 from changed) as changed,
      ${event?.done ?? sql`null::json`} as event
    from target`;
}

/** The post's like count as it is now (a like that changed nothing reads it again). */
export async function readLikesCount(db: Tx, postId: string): Promise<number | undefined> {
  const [post] = await db.select({ likesCount: posts.likesCount }).from(posts).where(eq(posts.id, postId));
  return post?.likesCount;
}

/**
 * A post the viewer may act on (exists, author not suspended, on the main feed or in a group the
 * viewer may read), without the viewer's state.
 */
export async function findActionablePost(db: Tx, viewerId: string, postId: string) {
  if (!isUuid(postId)) return undefined;
  const [row] = await db
    .select({ post: posts })
    .from(posts)
    .innerJoin(users, and(eq(users.id, posts.authorId), isNull(users.suspendedAt)))
    .where(and(eq(posts.id, postId), postVisibleTo(viewerId)))
    .limit(1);
  return row?.post;
}

/** A new post's row (the values as `buildPostValues` makes them): what its events need back. */
export async function insertPost(tx: Tx, values: typeof posts.$inferInsert) {
  const [inserted] = await tx.insert(posts).values(values).returning({
    id: posts.id,
    content: posts.content,
    studyGroupId: posts.studyGroupId,
    createdAt: posts.createdAt,
  });
  return inserted;
}

/**
 * Hides a post from everyone but admins, or shows it again. The instant is the database's clock
 * (the transaction's): the caller passes none.
 */
export async function setPostHidden(db: Tx, postId: string, hidden: boolean): Promise<void> {
  await db
    .update(posts)
    .set({ hiddenAt: hidden ? sql`now()` : null })
    .where(eq(posts.id, postId));
}

/** Deletes the post; likes, saves, answers, votes and comments go with it (foreign keys). */
/** Deletes the post; answers the media addresses it held. */
export async function deletePostRow(db: Tx, postId: string): Promise<string[]> {
  const [row] = await db.delete(posts).where(eq(posts.id, postId)).returning({ mediaUrls: posts.mediaUrls });
  return row?.mediaUrls ?? [];
}

/** The user, if they exist and are not suspended: whose posts a profile lists. */
export async function findActiveAuthor(db: Tx, userId: string) {
  if (!isUuid(userId)) return undefined;
  const [author] = await db
    .select({ id: users.id, profileVisibility: users.profileVisibility })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .limit(1);
  return author;
}

/** Saves or unsaves the post for the user, idempotently. */
export async function writeSave(db: Tx, postId: string, userId: string, saved: boolean): Promise<void> {
  if (saved) await db.insert(postSaves).values({ postId, userId }).onConflictDoNothing();
  else await db.delete(postSaves).where(and(eq(postSaves.postId, postId), eq(postSaves.userId, userId)));
}

/** The user (row of `users`) may read the group: a group post's text goes to nobody else. */
function readsGroup(studyGroupId: string | null | undefined): SQL | undefined {
  if (!studyGroupId) return undefined;
  return sql`(exists (select 1 from ${studyGroups} where ${studyGroups.id} = ${studyGroupId} and ${studyGroups.ownerId} = ${users.id})
    or exists (select 1 from ${groupMemberships} where ${groupMemberships.studyGroupId} = ${studyGroupId}
      and ${groupMemberships.userId} = ${users.id} and ${currentMembershipSql}))`;
}

/** Of these people, those who may read the group's posts (everyone, for the main feed). */
export async function whoReads(tx: Tx, studyGroupId: string | null | undefined, userIds: string[]) {
  if (!studyGroupId) return new Set(userIds);
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), readsGroup(studyGroupId)));
  return new Set(rows.map((row) => row.id));
}

/** The people with these usernames who may read a text of `actorId`'s: not them, not suspended. */
export async function findMentionedReaders(
  tx: Tx,
  actorId: string,
  usernames: string[],
  studyGroupId: string | null | undefined,
): Promise<string[]> {
  const mentioned = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.username, usernames),
        ne(users.id, actorId),
        isNull(users.suspendedAt),
        readsGroup(studyGroupId),
      ),
    );
  return mentioned.map((row) => row.id);
}
