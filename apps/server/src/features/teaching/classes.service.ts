import {
  CLASS_REMINDER_MINUTES,
  type CreateClassInput,
  type LiveClass,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { findGroup, requireGroupContentAccess, requireGroupManager } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { groupClasses } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { deliver } from '../notifications/index.ts';
import { notifyGroup } from './announcements.service.ts';
import { classCalendar } from './class-calendar.ts';

// 'Aula ao vivo' (issue 24): scheduled by the owner or a co-teacher with any https meeting link;
// members see the agenda, download an .ics, and are reminded 15 minutes before (a periodic pass
// claims each class's reminder once, whichever server process runs it).

type ClassRow = typeof groupClasses.$inferSelect;

const endOf = (row: ClassRow) => new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);
const whenText = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

export const toLiveClass = (row: ClassRow): LiveClass => ({
  id: row.id,
  studyGroupId: row.studyGroupId,
  title: row.title,
  startsAt: row.startsAt.toISOString(),
  endsAt: endOf(row).toISOString(),
  durationMinutes: row.durationMinutes,
  meetingUrl: row.meetingUrl,
  createdBy: row.createdBy,
  calendarUrl: `/api/study-groups/${row.studyGroupId}/classes/${row.id}/calendar.ics`,
  createdAt: row.createdAt.toISOString(),
});

export async function createClass(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: CreateClassInput,
): Promise<LiveClass> {
  const { db } = ctx.database;
  const { group } = await requireGroupManager(db, groupId, viewer.id);
  const startsAt = new Date(input.startsAt);
  if (startsAt <= ctx.clock()) throw badRequest(TEACHING_MESSAGES.classInPast);
  const { row, notifications } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(groupClasses)
      .values({
        studyGroupId: group.id,
        createdBy: viewer.id,
        title: input.title,
        startsAt,
        durationMinutes: input.durationMinutes,
        meetingUrl: input.meetingUrl,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no class');
    const told = await notifyGroup(tx, group, viewer.id, {
      type: 'study_group',
      title: TEACHING_MESSAGES.classNotificationTitle(group.name),
      message: `${input.title} — ${whenText.format(startsAt)} (horário de Brasília).`,
      actionUrl: `/study-groups/${group.id}`,
      dedupeKey: `class:${inserted.id}`,
    });
    return { row: inserted, notifications: told };
  });
  deliver(ctx, notifications);
  return toLiveClass(row);
}

export async function listClasses(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  when: 'upcoming' | 'past',
): Promise<LiveClass[]> {
  const { db } = ctx.database;
  const { group } = await requireGroupContentAccess(db, groupId, viewer.id);
  const now = ctx.clock();
  const ends = sql`${groupClasses.startsAt} + make_interval(mins => ${groupClasses.durationMinutes})`;
  const rows = await db
    .select()
    .from(groupClasses)
    .where(
      and(
        eq(groupClasses.studyGroupId, group.id),
        when === 'upcoming' ? sql`${ends} > ${now}` : sql`${ends} <= ${now}`,
      ),
    )
    .orderBy(
      when === 'upcoming' ? asc(groupClasses.startsAt) : desc(groupClasses.startsAt),
      asc(groupClasses.id),
    )
    .limit(50);
  return rows.map(toLiveClass);
}

export async function classIcs(ctx: AppContext, viewer: SessionUser, groupId: string, classId: string) {
  const { db } = ctx.database;
  const { group } = await requireGroupContentAccess(db, groupId, viewer.id);
  const [row] = isUuid(classId)
    ? await db
        .select()
        .from(groupClasses)
        .where(and(eq(groupClasses.id, classId), eq(groupClasses.studyGroupId, group.id)))
    : [];
  if (!row) throw notFound(TEACHING_MESSAGES.classNotFound);
  const publicUrl = new URL(ctx.config.publicUrl);
  const text = classCalendar(
    {
      id: row.id,
      title: row.title,
      startsAt: row.startsAt,
      durationMinutes: row.durationMinutes,
      meetingUrl: row.meetingUrl,
      groupName: group.name,
      groupUrl: `${ctx.config.publicUrl}/study-groups/${group.id}`,
    },
    row.createdAt,
    publicUrl.hostname,
  );
  return { text, fileName: `aula-${row.startsAt.toISOString().slice(0, 10)}.ics` };
}

/**
 * One pass: every class starting within 15 minutes whose reminder is not sent yet is claimed (an
 * update that only one process wins) and everyone in its group is notified. Answers how many.
 */
export async function sendClassReminders(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const { db } = ctx.database;
  const soon = new Date(now.getTime() + CLASS_REMINDER_MINUTES * 60_000);
  const claimed = await db
    .update(groupClasses)
    .set({ remindedAt: now })
    .where(
      and(isNull(groupClasses.remindedAt), lte(groupClasses.startsAt, soon), gt(groupClasses.startsAt, now)),
    )
    .returning();
  let sent = 0;
  for (const row of claimed) {
    const group = await findGroup(db, row.studyGroupId);
    if (!group?.isActive) continue;
    const notifications = await db.transaction((tx) =>
      notifyGroup(tx, group, row.createdBy, {
        type: 'study_group',
        title: TEACHING_MESSAGES.classReminderTitle,
        message: `${row.title} — ${group.name}. Entre pelo link: ${row.meetingUrl}`,
        actionUrl: `/study-groups/${group.id}`,
        dedupeKey: `class-reminder:${row.id}`,
      }),
    );
    deliver(ctx, notifications);
    sent++;
  }
  return sent;
}

/** The periodic pass, every minute, as a durable job: once per minute across processes. */
export function registerClassReminderJobs(ctx: AppContext, everyMs = 60_000): void {
  ctx.jobs.every('teaching.class-reminders', everyMs, () => sendClassReminders(ctx));
}
