import { eq, inArray, sql } from 'drizzle-orm';
import { currentMembershipSql, notBlockedEitherWay } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { groupMemberships, notifications, studyGroups, users } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql-rows.ts';
import { studyDay } from '../../lib/study-days.ts';
import { deliver } from '../notifications/index.ts';

/** What happened in a group that its members hear of. */
export type GroupNews = 'post' | 'forum_topic' | 'material' | 'video' | 'deactivated';

const WHAT: Record<Exclude<GroupNews, 'deactivated'>, string> = {
  post: 'publicou um novo post',
  forum_topic: 'abriu um novo tópico no fórum',
  material: 'enviou um novo material',
  video: 'adicionou um novo vídeo',
};

const pathOf = (groupId: string, news: GroupNews) =>
  news === 'forum_topic' ? `/study-groups/${groupId}/forum` : `/study-groups/${groupId}`;

/**
 * Tells the group's current members (not the one who did it, not those who muted the group, nobody
 * across a block with them) of new
 * content, in one statement however big the group. A busy group does not flood anyone: all of a
 * group's news of one Brasília day is one notification per member, which counts them ('3 novidades
 * hoje') and comes back unread with the latest one. Runs after the reply, in the background.
 */
export function announceGroupNews(ctx: AppContext, input: NewsInput): void {
  ctx.tasks.run('group-news', () => ctx.jobs.send('groups.news', input));
}

/** The fan-out as a durable job (plugins/jobs.ts): tried again if it fails, on any process. */
export function registerGroupNewsJobs(ctx: AppContext): void {
  ctx.jobs.define('groups.news', (input) => fanOut(ctx, input as NewsInput));
}

interface NewsInput {
  groupId: string;
  actorId: string;
  news: GroupNews;
}

async function fanOut(ctx: AppContext, input: NewsInput): Promise<void> {
  const { db } = ctx.database;
  const [group] = await db
    .select({ name: studyGroups.name, actorName: users.displayName })
    .from(studyGroups)
    .innerJoin(users, eq(users.id, input.actorId))
    .where(eq(studyGroups.id, input.groupId));
  if (!group) return;
  const title = `Novidades em ${group.name}`;
  const latest =
    input.news === 'deactivated'
      ? 'O grupo foi desativado pelo professor. Seu acesso ao conteúdo continua.'
      : `${group.actorName} ${WHAT[input.news]}.`;
  const key = `group-news:${input.groupId}:${studyDay(new Date())}`;
  // Drizzle's insert-from-select wants every column of the table: plain SQL says it better.
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${notifications} (user_id, actor_id, type, title, message, action_url, dedupe_key)
    select ${groupMemberships.userId}, ${input.actorId}, 'study_group', ${title}, ${latest},
      ${pathOf(input.groupId, input.news)}, ${key}
    from ${groupMemberships}
    where ${groupMemberships.studyGroupId} = ${input.groupId} and ${currentMembershipSql}
      and ${groupMemberships.mutedAt} is null and ${groupMemberships.userId} <> ${input.actorId}
      and ${notBlockedEitherWay(input.actorId, groupMemberships.userId)}
    on conflict (user_id, dedupe_key) where dedupe_key is not null do update set
      grouped_count = ${notifications}.grouped_count + 1,
      message = (${notifications}.grouped_count + 1)::text || ' novidades hoje. A última: ' || excluded.message,
      actor_id = excluded.actor_id, action_url = excluded.action_url, is_read = false, created_at = now()
    returning id`);
  const ids = rowsOf<{ id: string }>(inserted).map((row) => row.id);
  if (ids.length === 0) return;
  const rows = await db.select().from(notifications).where(inArray(notifications.id, ids));
  deliver(ctx, rows);
}
