import {
  MASTERY_TOPIC_MIN_ANSWERED,
  type MasteryCell,
  type MasteryLevel,
  PRACTICE_UNSEEN_DAYS,
  type PracticeNext,
  type PracticeNextQuery,
  type Subject,
} from '@estudai/contract';
import { imageViewer } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { defaultItemParams, type ItemParams, populationShareCorrect } from '../simulados/index.ts';
import { findBankQuestion, firstDueEntry } from '../study/index.ts';
import {
  type CandidateRow,
  calibratedAnswers,
  calibratedCandidates,
  recordPracticeView,
  uncalibratedCandidates,
} from './practice.queries.ts';
import { type AbilityEstimate, estimateAbility, PICK_AMONG_BEST, pickAdaptive } from './selection.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Calibrated questions nearest θ by difficulty that the pick ranks by information. */
const CALIBRATED_POOL = 200;
/** Uncalibrated questions nearest the expected share correct that fill in the pool. */
const UNCALIBRATED_POOL = 50;

type AnswerRow = Awaited<ReturnType<typeof calibratedAnswers>>[number];

function abilityOf(rows: AnswerRow[]): AbilityEstimate {
  return estimateAbility(
    rows.map((row) => ({ item: { a: row.a, b: row.b, c: row.c }, correct: row.correct })),
  );
}

/**
 * `GET /api/practice/next`: a caderno card due now first; else, among the questions the viewer may
 * see and has not answered nor been served in 30 days, the most informative at their ability in the
 * subject (calibrated items by their 3PL parameters, uncalibrated ones filling in with the default
 * parameters their share correct gives), one of the best 5 at random. Serving it is recorded.
 */
export async function nextPracticeItem(
  ctx: AppContext,
  viewer: SessionUser,
  query: PracticeNextQuery,
  random: () => number = Math.random,
): Promise<PracticeNext> {
  const { db } = ctx.database;
  // Independent reads side by side (on PostgreSQL each takes its own connection).
  const [answers, due] = await Promise.all([
    query.subject ? calibratedAnswers(db, viewer.id, query.subject) : null,
    firstDueEntry(ctx, viewer, query),
  ]);
  const ability = answers ? abilityOf(answers) : null;
  if (due) return { kind: 'review', item: due, ability };

  const now = ctx.clock();
  const filters = {
    viewerId: viewer.id,
    subject: query.subject,
    topic: query.topic,
    seenAfter: new Date(now.getTime() - PRACTICE_UNSEEN_DAYS * DAY_MS),
  };
  const theta = ability?.theta ?? 0;
  const candidates: (ItemParams & { row: CandidateRow })[] = (
    await calibratedCandidates(db, filters, theta, CALIBRATED_POOL)
  ).map((row) => ({ a: row.a!, b: row.b!, c: row.c!, row }));
  if (candidates.length < PICK_AMONG_BEST) {
    const target = populationShareCorrect({ ...defaultItemParams(null), b: theta });
    for (const row of await uncalibratedCandidates(db, filters, target, UNCALIBRATED_POOL)) {
      const share = row.answers > 0 ? row.correct / row.answers : null;
      candidates.push({ ...defaultItemParams(share), row });
    }
  }
  const picked = pickAdaptive(candidates, theta, random);
  if (!picked) return { kind: 'question', item: null, ability };
  const ref = { postId: picked.row.postId, questionIndex: picked.row.questionIndex };
  const shownTo = { viewer: imageViewer(viewer, now), publicUrl: ctx.config.publicUrl };
  // The view is recorded beside the question's read, not after it: should the read miss the picked
  // question (its post hidden in between), the view only keeps out a question nobody is served.
  const [item] = await Promise.all([
    findBankQuestion(db, shownTo, ref),
    recordPracticeView(db, { userId: viewer.id, ...ref, seenAt: now }),
  ]);
  return { kind: 'question', item: item ?? null, ability };
}

/**
 * The level a cell shows, from a cautious ability (θ − SE, so that a few lucky answers do not make
 * anyone 'Domínio'): below −0.75 'Iniciante', below 0.25 'Em progresso', below 1 'Proficiente'.
 */
function masteryLevel({ theta, standardError }: AbilityEstimate): MasteryLevel {
  const cautious = theta - standardError;
  if (cautious >= 1) return 'dominio';
  if (cautious >= 0.25) return 'proficiente';
  if (cautious >= -0.75) return 'em_progresso';
  return 'iniciante';
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function cell(subject: Subject, topic: string | null, rows: AnswerRow[]): MasteryCell {
  const estimate = abilityOf(rows);
  return {
    subject,
    topic,
    level: masteryLevel(estimate),
    theta: round(estimate.theta),
    standardError: round(estimate.standardError),
    answered: rows.length,
  };
}

/**
 * `GET /api/users/me/mastery`: per subject the viewer answered calibrated questions of, and per
 * topic of it with at least 5 of them, the EAP ability, its standard error and the level.
 */
export async function getMastery(ctx: AppContext, viewer: SessionUser): Promise<{ data: MasteryCell[] }> {
  const rows = await calibratedAnswers(ctx.database.db, viewer.id);
  type Topic = { name: string; rows: AnswerRow[] };
  const bySubject = new Map<Subject, { rows: AnswerRow[]; topics: Map<string, Topic> }>();
  for (const row of rows) {
    const subject = row.subject as Subject;
    const entry = bySubject.get(subject) ?? { rows: [] as AnswerRow[], topics: new Map<string, Topic>() };
    bySubject.set(subject, entry);
    entry.rows.push(row);
    if (row.topicKey && row.topic) {
      const topic = entry.topics.get(row.topicKey) ?? { name: row.topic, rows: [] as AnswerRow[] };
      entry.topics.set(row.topicKey, topic);
      topic.rows.push(row);
    }
  }
  const data: MasteryCell[] = [];
  for (const [subject, entry] of [...bySubject].sort(([a], [b]) => a.localeCompare(b))) {
    data.push(cell(subject, null, entry.rows));
    const topics = [...entry.topics.values()]
      .filter((topic) => topic.rows.length >= MASTERY_TOPIC_MIN_ANSWERED)
      .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
    for (const topic of topics) data.push(cell(subject, topic.name, topic.rows));
  }
  return { data };
}
