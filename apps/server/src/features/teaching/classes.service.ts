import {
  CLASS_REMINDER_MINUTES,
  type CreateClassInput,
  type LiveClass,
  TEACHING_MESSAGES,
} from '@estudai/contract';
import { findGroup, requireGroupContentAccess, requireGroupManager } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { groupAudience } from './announcements.service.ts';
import { classCalendar } from './class-calendar.ts';
import {
  type ClassRow,
  claimClassReminders,
  findClass,
  insertClass,
  listClassRows,
} from './classes.queries.ts';

// 'Aula ao vivo' (issue 24): scheduled by the owner or a co-teacher with any https meeting link;
// members see the agenda, download an .ics, and are reminded 15 minutes before (a periodic pass
// claims each class's reminder once, whichever server process runs it).

const endOf = (row: ClassRow) => new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);

const toLiveClass = (row: ClassRow): LiveClass => ({
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
  const row = await ctx.events.transaction(async (tx) => {
    const inserted = await insertClass(tx, {
      studyGroupId: group.id,
      createdBy: viewer.id,
      title: input.title,
      startsAt,
      durationMinutes: input.durationMinutes,
      meetingUrl: input.meetingUrl,
    });
    if (!inserted) throw new Error('insert returned no class');
    // Everyone in the group hears of it (notifications/subscribers/teaching.ts).
    await ctx.events.emit(tx, 'teaching.classScheduled', {
      classId: inserted.id,
      groupId: group.id,
      groupName: group.name,
      createdBy: viewer.id,
      title: input.title,
      startsAt: startsAt.toISOString(),
      audience: await groupAudience(tx, group, viewer.id),
    });
    return inserted;
  });
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
  const rows = await listClassRows(db, group.id, when, ctx.clock());
  return rows.map(toLiveClass);
}

export async function classIcs(ctx: AppContext, viewer: SessionUser, groupId: string, classId: string) {
  const { db } = ctx.database;
  const { group } = await requireGroupContentAccess(db, groupId, viewer.id);
  const row = isUuid(classId) ? await findClass(db, group.id, classId) : undefined;
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
  const claimed = await claimClassReminders(db, now, soon);
  let sent = 0;
  for (const row of claimed) {
    const group = await findGroup(db, row.studyGroupId);
    if (!group?.isActive) continue;
    // Everyone in the group is reminded (notifications/subscribers/teaching.ts).
    await ctx.events.transaction(async (tx) =>
      ctx.events.emit(tx, 'teaching.classReminderDue', {
        classId: row.id,
        groupId: group.id,
        groupName: group.name,
        createdBy: row.createdBy,
        title: row.title,
        meetingUrl: row.meetingUrl,
        audience: await groupAudience(tx, group, row.createdBy),
      }),
    );
    sent++;
  }
  return sent;
}

/** The periodic pass, every minute, as a durable job: once per minute across processes. */
export function registerClassReminderJobs(ctx: AppContext, everyMs = 60_000): void {
  ctx.jobs.every('teaching.class-reminders', everyMs, () => sendClassReminders(ctx));
}
