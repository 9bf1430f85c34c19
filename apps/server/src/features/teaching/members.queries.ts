import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { currentMembershipSql } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import {
  groupMemberships,
  groupPayments,
  postAnswers,
  posts,
  sessions,
  simuladoAttempts,
  simulados,
  users,
} from '../../db/schema/index.ts';
import { foldForSearch, likePattern } from '../../lib/search-text.ts';

// The members list of a group: current members with their activity in the group. A page is at most
// 50 rows, each with a few indexed sub-queries; the CSV reads the same query in batches.

export interface MemberRow {
  userId: string;
  username: string;
  displayName: string;
  avatar: string | null;
  joinedAt: Date;
  expiresAt: Date | null;
  isPaying: boolean;
  lastActiveAt: Date | null;
  answersCount: number;
  simuladosCount: number;
}

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(String(value));

/** Members whose name or username holds the folded query (accents and case ignored). */
function searchFilter(q: string): SQL | undefined {
  const folded = foldForSearch(q);
  if (!folded) return undefined;
  return sql`unaccent(lower(${users.displayName} || ' ' || ${users.username})) like ${likePattern(folded)}`;
}

export async function selectMembers(
  db: Tx,
  groupId: string,
  options: { q: string; limit: number; offset: number },
): Promise<MemberRow[]> {
  const answers = sql<number>`(select count(*)::int from ${postAnswers} join ${posts} on ${posts.id} = ${postAnswers.postId}
    where ${postAnswers.userId} = ${users.id} and ${posts.studyGroupId} = ${groupId})`;
  const attempts = sql<number>`(select count(*)::int from ${simuladoAttempts} join ${simulados} on ${simulados.id} = ${simuladoAttempts.simuladoId}
    where ${simuladoAttempts.userId} = ${users.id} and ${simulados.studyGroupId} = ${groupId} and ${simuladoAttempts.submittedAt} is not null)`;
  // The latest of: a sign-in, an answer, a post, a simulado started.
  const lastActive = sql<string | null>`greatest(
    (select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id}),
    (select max(${postAnswers.createdAt}) from ${postAnswers} where ${postAnswers.userId} = ${users.id}),
    (select max(${posts.createdAt}) from ${posts} where ${posts.authorId} = ${users.id}),
    (select max(${simuladoAttempts.startedAt}) from ${simuladoAttempts} where ${simuladoAttempts.userId} = ${users.id}))`;
  const paying = sql<boolean>`exists (select 1 from ${groupPayments} where ${groupPayments.studyGroupId} = ${groupId}
    and ${groupPayments.userId} = ${users.id} and ${groupPayments.status} = 'approved')`;
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      displayName: users.displayName,
      avatar: users.avatar,
      joinedAt: groupMemberships.joinedAt,
      expiresAt: groupMemberships.expiresAt,
      isPaying: paying,
      lastActiveAt: lastActive,
      answersCount: answers,
      simuladosCount: attempts,
    })
    .from(groupMemberships)
    .innerJoin(users, eq(users.id, groupMemberships.userId))
    .where(and(eq(groupMemberships.studyGroupId, groupId), currentMembershipSql, searchFilter(options.q)))
    .orderBy(asc(users.displayName), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((row) => ({
    ...row,
    isPaying: Boolean(row.isPaying),
    lastActiveAt: asDate(row.lastActiveAt),
    answersCount: Number(row.answersCount),
    simuladosCount: Number(row.simuladosCount),
  }));
}

/** A member removed by `removedBy` at `now`, with the reason: their membership ends (left). */
export async function markMemberRemoved(
  tx: Tx,
  membershipId: string,
  removal: { now: Date; removedBy: string; reason: string },
): Promise<void> {
  const { now, removedBy, reason } = removal;
  await tx
    .update(groupMemberships)
    .set({ status: 'left', leftAt: now, removedAt: now, removedBy, removalReason: reason })
    .where(and(eq(groupMemberships.id, membershipId)));
}
