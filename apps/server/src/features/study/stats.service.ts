import { STUDY_CALENDAR_DAYS, type StudyStatsBase } from '@estudai/contract';
import { findVisibleUser, requireProfileSurface } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { nextDay, previousDay, studyDay, studyDayStart } from '../../lib/study-days.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { countDue } from './notebook.queries.ts';
import { activityByDay, answersBySubject, countCardsReviewedSince } from './stats.queries.ts';
import { getStudyStats } from './study.service.ts';

const percentage = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * 'Taxa de Acerto' per subject, from the same answers as the overall figure (study.service.ts
 * `accuracy`): every answer given on its own, and every question of every quiz attempt.
 */
async function accuracyBySubject(db: Tx, userId: string) {
  const rows = await answersBySubject(db, userId);
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
  const rows = await activityByDay(db, userId, studyDayStart(first));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days: StudyStatsBase['calendar'] = [];
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
  const reviewed = await countCardsReviewedSince(db, userId, studyDayStart(today));
  const endOfDay = new Date(studyDayStart(nextDay(today)).getTime() - 1);
  const [dueNow, dueToday] = await Promise.all([countDue(db, userId, now), countDue(db, userId, endOfDay)]);
  return { dueNow, dueToday, reviewedToday: reviewed };
}

/**
 * `GET /api/users/{id}/study-stats`: the profile's study figures with 'Taxa de Acerto' per subject,
 * the 12-week calendar and, on one's own profile only (the caderno is private), the review counts.
 * Shown as the profile's posts are (issue 37): a followers-only minor's to approved followers and
 * the guardian, never across a block; anyone else gets a 404. The route is the rooms feature's
 * (issue 39): it adds the verified minutes and the streak.
 */
export async function getStudyStatsDetail(
  ctx: AppContext,
  viewer: SessionUser,
  id: string,
  now: Date = ctx.clock(),
): Promise<StudyStatsBase & { userId: string }> {
  const { db } = ctx.database;
  const user = await findVisibleUser(db, viewer, id);
  await requireProfileSurface(db, viewer, user, 'studyStats');
  const today = studyDay(now);
  const [base, bySubject, days, reviews] = await Promise.all([
    getStudyStats(db, user.id, now),
    accuracyBySubject(db, user.id),
    calendar(db, user.id, today),
    user.id === viewer.id ? reviewCounts(db, user.id, now, today) : Promise.resolve(null),
  ]);
  return { ...base, accuracyBySubject: bySubject, reviews, calendar: days, userId: user.id };
}
