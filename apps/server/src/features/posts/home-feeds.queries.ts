import type { FeedKind } from '@estudai/contract';
import { type SQL, sql } from 'drizzle-orm';
import { postShownTo } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { compiled, prepared } from '../../db/prepared.ts';
import { follows, posts, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { type ListInput, type PostRow, postsByIds, type RowPage } from './posts.queries.ts';

/**
 * How far ahead of its age each source puts a post in 'Para você' (decision 034): a post's rank
 * is `created_at + boost`, a time, so paging is a keyset on (rank, id) like the other lists. The
 * sources are disjoint (a post counts in the first that holds it), so each post has one rank.
 */
const FOR_YOU_BOOSTS = {
  /** People the viewer follows. */
  following: '6 hours',
  /**
   * Questions on a subject the viewer studies (the first-run step): as far ahead as the people
   * they follow, so a new question on their subject is not buried under a followee's busy hour.
   */
  subjects: '6 hours',
  /** Questions and quizzes that became popular (`popular_at`), and every other main-feed post. */
  popular: '1 hour',
  rest: '0 hours',
} as const;

type Source = keyof typeof FOR_YOU_BOOSTS;

/** The largest boost above, in ms: a new post's rank is within this of its `created_at`. */
export const MAX_RANK_AHEAD_MS = Math.max(
  ...Object.values(FOR_YOU_BOOSTS).map((boost) => Number.parseInt(boost, 10) * 3_600_000),
);

// The statements are built once per feed, per first or later page and per `take` (`compiled`), their
// values given as placeholders: the viewer, and after the first page the cursor's rank and id (`t`,
// `id`). The boosts and `take` (the rows each source reads: the page's size plus one, and the pages
// before it on a `page` query) are written into the text: with them as parameters PostgreSQL estimated
// a generic plan for an unknown LIMIT (253 rows for 11) and planned the ranking again on every call,
// 4–9 ms for 0.3–0.6 ms of running. With them as literals the generic plan costs what a custom one
// does, so each connection plans a named ranking once (issue 41, docs/performance.md).
const viewer = sql.placeholder('viewer');
const main = sql`${posts.studyGroupId} is null`;
const visible = sql`${postShownTo(viewer)}`;
const followed = sql`exists (select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followingId} = ${posts.authorId})`;
const onSubject = sql`(${posts.questionData}->>'subject') = any (select unnest(me.study_subjects) from ${users} me where me.id = ${viewer})`;
const popular = sql`${posts.popularAt} is not null`;

/**
 * `(created_at, id) < (rank - boost, id)`: the keyset of one source, so its index is walked in order.
 * The cursor's values are read in subqueries, so no plan knows them: a custom plan for a deep cursor
 * was estimated cheaper than the generic one and PostgreSQL kept planning every later page; now both
 * cost the same and the index is walked from the same values when the statement runs.
 */
function keyset(after: boolean, boost: SQL): SQL {
  if (!after) return sql`true`;
  return sql`(${posts.createdAt}, ${posts.id}) < ((select ${sql.placeholder('t')}::timestamptz - ${boost}), (select ${sql.placeholder('id')}::uuid))`;
}

/** A boost of `FOR_YOU_BOOSTS` (a constant of this file) as an interval literal. */
const intervalOf = (boost: string) => sql.raw(`interval '${boost}'`);

/**
 * One source's next `take` ids with their rank, newest first, visible to the viewer. The viewer's
 * own posts are in 'Seguindo' (`withSelf`); in 'Para você' they rank by age alone, like a stranger's.
 */
function sourceSql(source: Source, after: boolean, take: SQL, withSelf = false): SQL {
  const boost = intervalOf(FOR_YOU_BOOSTS[source]);
  const rank = sql`${posts.createdAt} + ${boost}`;
  const select = (where: SQL) => sql`(select ${posts.id} as id, ${rank} as rank from ${posts}
    inner join ${users} on ${users.id} = ${posts.authorId} and ${users.suspendedAt} is null
    where ${main} and ${where} and ${visible} and ${keyset(after, boost)}
    order by ${posts.createdAt} desc, ${posts.id} desc limit ${take})`;
  switch (source) {
    case 'following':
      // Fan-in on read: each followed author's newest posts through posts_author_idx, then merged.
      return sql`(select picked.id, picked.rank from (select ${follows.followingId} as author_id from ${follows}
          where ${follows.followerId} = ${viewer}${withSelf ? sql` union all select ${viewer}::uuid` : sql``}) as authors
        cross join lateral ${select(sql`${posts.authorId} = authors.author_id`)} as picked
        order by picked.rank desc, picked.id desc limit ${take})`;
    case 'subjects':
      return sql`(select picked.id, picked.rank from (select unnest(me.study_subjects) as subject from ${users} me
          where me.id = ${viewer}) as chosen
        cross join lateral ${select(sql`(${posts.questionData}->>'subject') = chosen.subject and not ${followed}`)} as picked
        order by picked.rank desc, picked.id desc limit ${take})`;
    case 'popular':
      return select(sql`${popular} and not ${followed} and not coalesce(${onSubject}, false)`);
    case 'rest':
      return select(
        sql`${posts.popularAt} is null and not ${followed} and not coalesce(${onSubject}, false)`,
      );
  }
}

/** Newest first: the viewer's and the followed people's main-feed posts. */
function followingSql(after: boolean, take: SQL): SQL {
  return sourceSql('following', after, take, true);
}

function forYouSql(after: boolean, take: SQL): SQL {
  const sources = (Object.keys(FOR_YOU_BOOSTS) as Source[]).map((source) => sourceSql(source, after, take));
  return sql`select ranked.id, ranked.rank from (${sql.join(sources, sql` union all `)}) as ranked
    order by ranked.rank desc, ranked.id desc limit ${take}`;
}

/** The rank as exact milliseconds since the epoch (a text, whatever the driver does with times). */
const withRankMs = (ranked: SQL) =>
  sql`select top.id, (extract(epoch from top.rank) * 1000)::bigint::text as rank_ms from (${ranked}) as top
    order by top.rank desc, top.id desc`;

const rankedSql = { for_you: forYouSql, following: followingSql } satisfies Record<FeedKind, unknown>;

/**
 * The `take`s written into a named statement: a page of 10, of 20, of up to 50 (and the first pages
 * of a `page` query). Each source reads that many rows, the page uses what it needs.
 */
const NAMED_TAKES = [11, 21, 51] as const;
type RankedStatement = ReturnType<typeof compiled>;
const rankedStatements = new Map<string, RankedStatement>();

/**
 * The ranking statement for a feed, a first or later page and at least `take` rows: named, with the
 * smallest of `NAMED_TAKES` that holds them; past those (a deep `page` query) unnamed, `take` as a
 * value, planned for each call as before.
 */
function rankedStatement(
  feed: FeedKind,
  after: boolean,
  take: number,
): { run: RankedStatement; values: { take?: number } } {
  const named = NAMED_TAKES.find((n) => n >= take);
  const key = `${feed}:${after}:${named ?? 'any'}`;
  let run = rankedStatements.get(key);
  if (!run) {
    const build = rankedSql[feed];
    run = named
      ? compiled(() => prepared(withRankMs(build(after, sql.raw(String(named))))))
      : compiled(() => withRankMs(build(after, sql`${sql.placeholder('take')}`)));
    rankedStatements.set(key, run);
  }
  return { run, values: named ? {} : { take } };
}

/**
 * A page of 'Para você' or 'Seguindo': the ranked ids in one statement, then the posts with the
 * viewer's state in a second, put back in rank order. The cursor is the last row's (rank, id).
 */
export async function listHomeFeedRows(
  db: Tx,
  key: Buffer,
  viewerId: string,
  feed: FeedKind,
  input: ListInput,
): Promise<RowPage<PostRow> & { ranks: RankStretch }> {
  const after = input.cursor ? decodeCursor(key, feed, input.cursor) : undefined;
  const offset = after ? 0 : (input.page - 1) * input.limit;
  const statement = rankedStatement(feed, after !== undefined, offset + input.limit + 1);
  const values = { viewer: viewerId, ...statement.values };
  const ranked = rowsOf<{ id: string; rank_ms: string }>(
    await statement.run(db, after ? { ...values, t: after.t.toISOString(), id: after.id } : values),
  ).slice(offset);
  const hasMore = ranked.length > input.limit;
  const page = ranked.slice(0, input.limit);
  const found = page.length
    ? await postsByIds(
        db,
        viewerId,
        page.map((row) => row.id),
      )
    : [];
  const byId = new Map(found.map((row) => [row.post.id, row]));
  const rows = page.flatMap((row) => byId.get(row.id) ?? []);
  const last = page.at(-1);
  const nextCursor =
    hasMore && last ? encodeCursor(key, feed, { t: new Date(Number(last.rank_ms)), id: last.id }) : null;
  const ranks = {
    aboveMs: after ? after.t.getTime() : null,
    lowestMs: last ? Number(last.rank_ms) : null,
    hasMore,
  };
  return { rows, hasMore, nextCursor, ranks };
}

/** The ranks a page holds: below its cursor's (null: no cursor), down to its last post's (all below when `hasMore` is false). */
export interface RankStretch {
  aboveMs: number | null;
  lowestMs: number | null;
  hasMore: boolean;
}
