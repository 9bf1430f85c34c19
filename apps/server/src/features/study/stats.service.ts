import { STUDY_CALENDAR_DAYS, STUDY_TIME_ZONE, type StudyStatsDetail, type Subject } from '@estudai/contract';
import { sql } from 'drizzle-orm';
import { findVisibleUser } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  postAnswers,
  questionItems,
  quizAttempts,
  reviewLogs,
  studySessions,
} from '../../db/schema/index.ts';
import { nextDay, previousDay, studyDay, studyDayStart } from '../../lib/study-days.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { countDue } from './notebook.service.ts';
import { getStudyStats } from './study.service.ts';

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
const localDay = (column: unknown) => sql`(${column} at time zone ${STUDY_TIME_ZONE})::date`;
const percentage = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * 'Taxa de Acerto' per subject, from the same answers as the overall figure (study.service.ts
 * `accuracy`): every answer given on its own, and every question of every quiz attempt.
 */
async function accuracyBySubject(db: Tx, userId: string) {
  const rows = rowsOf<{ subject: Subject | null; answered: string; correct: string }>(
    await db.execute(sql`
      select subject, count(*) as answered, count(*) filter (where correct) as correct from (
        select qi.subject, a.is_correct as correct
        from ${postAnswers} a
        join ${questionItems} qi on qi.post_id = a.post_id and qi.question_index = a.question_index
        where a.user_id = ${userId} and not a.via_attempt
        union all
        select qi.subject, e.option = qi.correct_answer
        from ${quizAttempts} qa
        cross join lateral unnest(qa.answers) with ordinality as e(option, position)
        join ${questionItems} qi on qi.post_id = qa.post_id and qi.question_index = e.position - 1
        where qa.user_id = ${userId}
      ) as answers
      group by subject
      order by count(*) desc, subject`),
  );
  return rows.map((row) => {
    const answered = Number(row.answered);
    const correct = Number(row.correct);
    return { subject: row.subject, answered, correct, percentage: percentage(correct, answered) };
  });
}

/** Answers, reviews and timer minutes per Brasília day, the last 12 weeks, oldest first, every day. */
async function calendar(db: Tx, userId: string, today: string) {
  let first = today;
  for (let i = 1; i < STUDY_CALENDAR_DAYS; i++) first = previousDay(first);
  const since = studyDayStart(first);
  const rows = rowsOf<{ day: string; answers: string; reviews: string; seconds: string }>(
    await db.execute(sql`
      select day::text as day, sum(answers) as answers, sum(reviews) as reviews, sum(seconds) as seconds from (
        select ${localDay(postAnswers.createdAt)} as day, count(*) as answers, 0 as reviews, 0 as seconds
          from ${postAnswers} where ${postAnswers.userId} = ${userId} and not ${postAnswers.viaAttempt}
            and ${postAnswers.createdAt} >= ${since.toISOString()}::timestamptz group by 1
        union all
        select ${localDay(quizAttempts.createdAt)}, sum(${quizAttempts.total}), 0, 0
          from ${quizAttempts} where ${quizAttempts.userId} = ${userId}
            and ${quizAttempts.createdAt} >= ${since.toISOString()}::timestamptz group by 1
        union all
        select ${localDay(reviewLogs.reviewedAt)}, 0, count(*), 0
          from ${reviewLogs} where ${reviewLogs.userId} = ${userId}
            and ${reviewLogs.reviewedAt} >= ${since.toISOString()}::timestamptz group by 1
        union all
        select ${localDay(studySessions.startedAt)}, 0, 0, sum(${studySessions.durationSeconds})
          from ${studySessions} where ${studySessions.userId} = ${userId}
            and ${studySessions.startedAt} >= ${since.toISOString()}::timestamptz group by 1
      ) as activity
      group by day`),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: StudyStatsDetail['calendar'] = [];
  for (let day = first; day <= today; day = nextDay(day)) {
    const row = byDay.get(day);
    days.push({
      day,
      answers: Number(row?.answers ?? 0),
      reviews: Number(row?.reviews ?? 0),
      studyMinutes: Math.floor(Number(row?.seconds ?? 0) / 60),
    });
  }
  return days;
}

/** Cards due now and by the end of today, and cards reviewed today (each card once). */
async function reviewCounts(db: Tx, userId: string, now: Date, today: string) {
  const [reviewed] = rowsOf<{ n: string }>(
    await db.execute(sql`
      select count(distinct coalesce(${reviewLogs.entryId}, ${reviewLogs.id})) as n from ${reviewLogs}
      where ${reviewLogs.userId} = ${userId} and ${reviewLogs.reviewedAt} >= ${studyDayStart(today).toISOString()}::timestamptz`),
  );
  const endOfDay = new Date(studyDayStart(nextDay(today)).getTime() - 1);
  const [dueNow, dueToday] = await Promise.all([countDue(db, userId, now), countDue(db, userId, endOfDay)]);
  return { dueNow, dueToday, reviewedToday: Number(reviewed?.n ?? 0) };
}

/**
 * `GET /api/users/{id}/study-stats`: the profile's study figures with 'Taxa de Acerto' per subject,
 * the 12-week calendar and, on one's own profile only (the caderno is private), the review counts.
 */
export async function getStudyStatsDetail(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  now = new Date(),
): Promise<StudyStatsDetail> {
  const { db } = ctx.database;
  const user = await findVisibleUser(db, viewer, id);
  const today = studyDay(now);
  const [base, bySubject, days, reviews] = await Promise.all([
    getStudyStats(db, user.id, now),
    accuracyBySubject(db, user.id),
    calendar(db, user.id, today),
    user.id === viewer.id ? reviewCounts(db, user.id, now, today) : Promise.resolve(null),
  ]);
  return { ...base, accuracyBySubject: bySubject, reviews, calendar: days };
}
