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
import type { Tx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { defaultItemParams, type ItemParams, populationShareCorrect } from '../simulados/index.ts';
import { findBankQuestion, firstDueEntry } from '../study/index.ts';
import { type PoolRead, PracticePools } from './practice.pools.ts';
import {
  abilityAnswers,
  type CandidateFilters,
  type CandidateRow,
  calibratedAnswers,
  calibratedCandidates,
  inTurn,
  recordPracticeView,
  topicCandidates,
  uncalibratedCandidates,
} from './practice.queries.ts';
import { type AbilityEstimate, estimateAbility, PICK_AMONG_BEST, pickAdaptive } from './selection.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Calibrated questions nearest θ by difficulty that the pick ranks by information, or uncalibrated
 * ones nearest the expected share correct that fill in below 5 calibrated.
 */
const POOL = 200;
/**
 * A read in the background takes this many times as many: it is not waited for, and each one costs
 * mostly the walk past what the student already answered or was served, so fewer, larger reads cost
 * the requests they overlap less (bench:study: a pool of 200 re-read every 150 questions slowed the
 * three or four requests each read overlapped).
 */
const BACKGROUND_POOL_FACTOR = 4;
/** Picks tried before answering that nothing is left (each a question found no longer to qualify). */
const MAX_PICKS = 4;

type AnswerRow = Awaited<ReturnType<typeof calibratedAnswers>>[number];
/** A candidate of the pick: its 3PL parameters (the defaults its share gives, uncalibrated) and row. */
type Candidate = ItemParams & { key: string; calibrated: boolean; row: CandidateRow };

function abilityOf(rows: { a: number; b: number; c: number; correct: boolean }[]): AbilityEstimate {
  return estimateAbility(
    rows.map((row) => ({ item: { a: row.a, b: row.b, c: row.c }, correct: row.correct })),
  );
}

const keyOf = (row: CandidateRow) => `${row.postId}:${row.questionIndex}`;

/**
 * The candidates at θ as the bank gives them now: the calibrated questions nearest θ, and when fewer
 * than 5 are left, the uncalibrated ones nearest the share correct θ expects, with the default
 * parameters that share gives. With a topic, one read gives both (`topicCandidates`); without, when
 * the last read needed the uncalibrated ones (`filledIn`), both walks run side by side rather than one
 * after the other (the second left unused if it was not needed). A read in the `background` runs its
 * walks one at a time.
 */
async function readCandidates(
  db: Tx,
  filters: CandidateFilters,
  theta: number,
  filledIn: boolean,
  background: boolean,
): Promise<PoolRead<Candidate>> {
  const target = populationShareCorrect({ ...defaultItemParams(null), b: theta });
  const size = background ? POOL * BACKGROUND_POOL_FACTOR : POOL;
  let calibrated: CandidateRow[];
  let readPlain: () => Promise<CandidateRow[]>;
  if (filters.topic) {
    const rows = await topicCandidates(db, filters, theta, target, size + PICK_AMONG_BEST - 1);
    calibrated = rows.filter((row) => row.b !== null).slice(0, size);
    const plain = rows.filter((row) => row.b === null).slice(0, size);
    readPlain = async () => plain;
  } else {
    const walkPlain = () => uncalibratedCandidates(db, filters, target, size, background);
    const [walked, early] = await inTurn<CandidateRow[] | null>(background, [
      () => calibratedCandidates(db, filters, theta, size, background),
      async () => (filledIn ? walkPlain() : null),
    ]);
    calibrated = walked ?? [];
    readPlain = async () => early ?? walkPlain();
  }
  const rows: Candidate[] = calibrated.map((row) => ({
    a: row.a!,
    b: row.b!,
    c: row.c!,
    key: keyOf(row),
    calibrated: true,
    row,
  }));
  if (rows.length >= PICK_AMONG_BEST) {
    return { rows, limited: calibrated.length === size, filledIn: false };
  }
  const plain = await readPlain();
  for (const row of plain) {
    const share = row.answers > 0 ? row.correct / row.answers : null;
    rows.push({ ...defaultItemParams(share), key: keyOf(row), calibrated: false, row });
  }
  return { rows, limited: plain.length === size, filledIn: true };
}

/**
 * Whether what is left of a pool is what a new read would give: not empty, and still 5 calibrated
 * questions or the uncalibrated ones that fill in below that.
 */
function usable(rows: Candidate[]): boolean {
  let calibrated = 0;
  for (const row of rows) {
    if (!row.calibrated) return true;
    calibrated++;
  }
  return calibrated >= PICK_AMONG_BEST;
}

const pools = new WeakMap<AppContext, PracticePools<Candidate>>();

/** The app's practice pools (one per app). */
function practicePools(ctx: AppContext): PracticePools<Candidate> {
  let kept = pools.get(ctx);
  if (!kept) {
    kept = new PracticePools<Candidate>();
    pools.set(ctx, kept);
  }
  return kept;
}

/**
 * `GET /api/practice/next`: a caderno card due now first; else, among the questions the viewer may
 * see and has not answered nor been served in 30 days, the most informative at their ability in the
 * subject (calibrated items by their 3PL parameters, uncalibrated ones filling in with the default
 * parameters their share correct gives), one of the best 5 at random. Serving it is recorded.
 *
 * The candidates come from the viewer's pool for the subject and topic (`practice.pools.ts`,
 * decision 064); the question picked is read and its view recorded as it is served, and a question
 * found answered, already served in 30 days, hidden or no longer 'ativa' is taken out and another
 * picked, from a new read.
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
    query.subject ? abilityAnswers(db, viewer.id, query.subject) : null,
    firstDueEntry(ctx, viewer, query),
  ]);
  const ability = answers ? abilityOf(answers) : null;
  if (due) return { kind: 'review', item: due, ability };

  const now = ctx.clock();
  const filters: CandidateFilters = {
    viewerId: viewer.id,
    subject: query.subject,
    topic: query.topic,
    seenAfter: new Date(now.getTime() - PRACTICE_UNSEEN_DAYS * DAY_MS),
  };
  const theta = ability?.theta ?? 0;
  const shownTo = { viewer: imageViewer(viewer, now), publicUrl: ctx.config.publicUrl };
  const kept = practicePools(ctx);
  const poolKey = `${viewer.id}|${query.subject ?? ''}|${query.topic?.toLowerCase() ?? ''}`;
  for (let attempt = 0; attempt < MAX_PICKS; attempt++) {
    const { rows, fresh } = await kept.candidates(
      poolKey,
      now,
      theta,
      (at, filledIn, background) => readCandidates(db, filters, at, filledIn, background),
      usable,
    );
    const picked = pickAdaptive(rows, theta, random);
    if (!picked) break;
    kept.take(poolKey, picked.key);
    const ref = { postId: picked.row.postId, questionIndex: picked.row.questionIndex };
    // The view is recorded beside the question's read, not after it; it is recorded only if the
    // question was not served in 30 days (by another process, say), which the reply says.
    const [item, served] = await Promise.all([
      findBankQuestion(db, shownTo, ref),
      recordPracticeView(db, { userId: viewer.id, ...ref, seenAt: now }, filters.seenAfter),
    ]);
    if (item && served && item.viewerAnswer === null && item.questionStatus === 'ativa') {
      return { kind: 'question', item, ability };
    }
    // The pool did not know this: it is read anew rather than trusted for the next pick.
    if (!fresh) kept.forget(poolKey);
  }
  return { kind: 'question', item: null, ability };
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
