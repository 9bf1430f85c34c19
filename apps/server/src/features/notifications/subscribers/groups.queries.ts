import { eq, inArray, sql } from 'drizzle-orm';
import { currentMembershipSql, notBlockedEitherWay } from '../../../access/index.ts';
import type { Tx } from '../../../db/client.ts';
import { groupMemberships, notifications, studyGroups, users } from '../../../db/schema/index.ts';
import { rowsOf } from '../../../lib/sql-rows.ts';

// The group news' fan-out (subscribers/groups.ts): one statement however big the group.

/** The group's name and the actor's, or undefined when either is gone. */
export async function findGroupAndActorNames(db: Tx, groupId: string, actorId: string) {
  const [group] = await db
    .select({ name: studyGroups.name, actorName: users.displayName })
    .from(studyGroups)
    .innerJoin(users, eq(users.id, actorId))
    .where(eq(studyGroups.id, groupId));
  return group;
}

export interface GroupNewsRow {
  groupId: string;
  actorId: string;
  title: string;
  latest: string;
  actionUrl: string;
  /** One per group and Brasília day: the day's news add up in one notification. */
  dedupeKey: string;
}

/**
 * One notification per current member who did not mute the group (not the actor, nobody across a
 * block with them), or the day's one counting one more news, unread again. Answers the rows' ids.
 */
export async function upsertGroupNews(db: Tx, news: GroupNewsRow): Promise<string[]> {
  // Drizzle's insert-from-select wants every column of the table: plain SQL says it better.
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${notifications} (user_id, actor_id, type, title, message, action_url, dedupe_key)
    select ${groupMemberships.userId}, ${news.actorId}, 'study_group', ${news.title}, ${news.latest},
      ${news.actionUrl}, ${news.dedupeKey}
    from ${groupMemberships}
    where ${groupMemberships.studyGroupId} = ${news.groupId} and ${currentMembershipSql}
      and ${groupMemberships.mutedAt} is null and ${groupMemberships.userId} <> ${news.actorId}
      and ${notBlockedEitherWay(news.actorId, groupMemberships.userId)}
    on conflict (user_id, dedupe_key) where dedupe_key is not null do update set
      grouped_count = ${notifications}.grouped_count + 1,
      message = (${notifications}.grouped_count + 1)::text || ' novidades hoje. A última: ' || excluded.message,
      actor_id = excluded.actor_id, action_url = excluded.action_url, is_read = false, created_at = now()
    returning id`);
  return rowsOf<{ id: string }>(inserted).map((row) => row.id);
}

export function notificationsById(db: Tx, ids: string[]) {
  return db.select().from(notifications).where(inArray(notifications.id, ids));
}
