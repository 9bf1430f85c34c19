import { EXAM_LABELS, REVIEW_RATINGS, type ReviewRating } from '@estudai/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  notebookEntries,
  postAnswers,
  posts,
  quizAttempts,
  reviewLogs,
  type StoredQuestion,
  studyReminders,
  users,
} from '../../db/schema/index.ts';
import { replayReviews } from '../../lib/fsrs.ts';
import { recordWrongAnswers } from './notebook.queries.ts';
import {
  DEMO_QUESTION_POSTS,
  DEMO_QUESTIONS,
  DEMO_QUIZZES,
  type DemoQuestion,
} from './questions.demo-data.ts';

type Answerer = 'ana.souza' | 'bruno.lima' | 'mentor.diego' | 'tutora.elisa';
const PEOPLE = ['ana.souza', 'bruno.lima', 'prof.carla', 'mentor.diego', 'tutora.elisa'] as const;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

function toStored([
  subject,
  topic,
  exam,
  year,
  question,
  options,
  correctAnswer,
  explanation,
]: DemoQuestion): StoredQuestion {
  return { question, options: [...options], correctAnswer, explanation, subject, topic, exam, year };
}

const intro = (question: DemoQuestion) =>
  question[2] === 'autoral'
    ? 'Questão autoral para treinar. Responda e veja a explicação!'
    : `Questão inédita no estilo ${EXAM_LABELS[question[2]]}. Bons estudos!`;

/** Ana's answers: [question, option, days ago]; the wrong ones land in her caderno. */
const ANA_ANSWERS: [string, number, number][] = [
  ['porcentagem', 2, 2],
  ['dados', 2, 5],
  ['mols', 1, 3],
  ['mendel', 2, 4],
  ['crase', 0, 1],
  ['concordancia', 2, 2],
  ['velocidadeMedia', 1, 6],
  ['semiarido', 1, 3],
  ['negacao', 0, 6],
  ['eventually', 0, 10],
  ['socrates', 1, 7],
];
/** Ana's finished quiz: 'Física básica', one of four wrong. */
const ANA_QUIZ = { title: 'Física básica em 4 questões', answers: [1, 0, 2, 2], daysAgo: 8 };
/** Reviews Ana already did: [question, rating, hours after her answer]. */
const ANA_REVIEWS: [string, ReviewRating, number][] = [
  ['dados', 'again', 0.2],
  ['dados', 'good', 24],
  ['mendel', 'good', 0.3],
  ['mendel', 'good', 48],
  ['negacao', 'hard', 0.5],
  ['negacao', 'good', 72],
  ['eventually', 'good', 1],
  ['eventually', 'easy', 72],
];

/**
 * The question bank's demo: 65 original questions (46 question posts, 19 in five quizzes) by the
 * demo teachers, answers by the students (so the bank shows '68% acertaram'), and Ana's caderno
 * with some cards due today, some reviewed already, her daily reminder at 19h.
 */
export async function seedDemoStudy(db: Db, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...PEOPLE]));
  const id = (username: string) => {
    const person = people.find((p) => p.username === username);
    if (!person) throw new Error(`demo user ${username} is missing`);
    return person.id;
  };
  const at = (daysAgo: number, hour = 14) => new Date(now.getTime() - daysAgo * DAY - (20 - hour) * HOUR);

  const question = (key: string) => {
    const found = DEMO_QUESTIONS[key];
    if (!found) throw new Error(`demo question ${key} is missing`);
    return found;
  };
  const inserted = await db
    .insert(posts)
    .values([
      ...DEMO_QUESTION_POSTS.map(([key, by, daysAgo]) => ({
        authorId: id(by),
        type: 'question' as const,
        content: intro(question(key)),
        questionData: toStored(question(key)),
        createdAt: at(daysAgo, 9),
      })),
      ...DEMO_QUIZZES.map(([title, by, daysAgo, keys]) => ({
        authorId: id(by),
        type: 'question_set' as const,
        content: 'Quiz para revisar. Dá para responder questão por questão no Banco de questões.',
        questionSetData: { title, questions: keys.map((key) => toStored(question(key))) },
        createdAt: at(daysAgo, 10),
      })),
    ])
    .returning({ id: posts.id, questionData: posts.questionData, questionSetData: posts.questionSetData });

  // Where each question ended up: its post and index.
  const where = new Map<string, { postId: string; questionIndex: number; correctAnswer: number }>();
  DEMO_QUESTION_POSTS.forEach(([key], i) => {
    const post = inserted[i];
    if (post) where.set(key, { postId: post.id, questionIndex: 0, correctAnswer: question(key)[6] });
  });
  DEMO_QUIZZES.forEach(([, , , keys], q) => {
    const post = inserted[DEMO_QUESTION_POSTS.length + q];
    keys.forEach((key, questionIndex) => {
      if (post) where.set(key, { postId: post.id, questionIndex, correctAnswer: question(key)[6] });
    });
  });
  const ref = (key: string) => {
    const found = where.get(key);
    if (!found) throw new Error(`demo question ${key} was not inserted`);
    return found;
  };

  // The community: each other student or teacher answers some questions, about two in three right.
  const answers: { key: string; who: Answerer; option: number; daysAgo: number }[] = [];
  const others: Answerer[] = ['bruno.lima', 'mentor.diego', 'tutora.elisa'];
  Object.keys(DEMO_QUESTIONS).forEach((key, i) => {
    others.forEach((who, j) => {
      if ((i + j) % 2 === 1) return;
      const right = ref(key).correctAnswer;
      const option = (i * 7 + j * 5) % 3 === 0 ? (right + 1 + j) % 4 : right;
      answers.push({ key, who, option, daysAgo: 1 + ((i + j) % 3) });
    });
  });
  for (const [key, option, daysAgo] of ANA_ANSWERS) answers.push({ key, who: 'ana.souza', option, daysAgo });
  // A teacher does not answer their own question (they see the key).
  const authorOf = new Map(DEMO_QUESTION_POSTS.map(([key, by]) => [key, by as string]));
  for (const [, by, , keys] of DEMO_QUIZZES) for (const key of keys) authorOf.set(key, by);
  const rows = answers
    .filter((answer) => authorOf.get(answer.key) !== answer.who)
    .map((answer) => ({
      ...answer,
      ...ref(answer.key),
      userId: id(answer.who),
      createdAt: at(answer.daysAgo, 8 + (answer.key.length % 12)),
    }));
  await db.insert(postAnswers).values(
    rows.map((row) => ({
      postId: row.postId,
      userId: row.userId,
      questionIndex: row.questionIndex,
      optionIndex: row.option,
      isCorrect: row.option === row.correctAnswer,
      createdAt: row.createdAt,
    })),
  );
  for (const row of rows.filter((r) => r.option !== r.correctAnswer)) {
    await recordWrongAnswers(
      db,
      row.userId,
      [{ postId: row.postId, questionIndex: row.questionIndex }],
      row.createdAt,
    );
  }

  // Ana's finished quiz: the attempt, its first answers, the wrong question in the caderno.
  const quizIndex = DEMO_QUIZZES.findIndex(([title]) => title === ANA_QUIZ.title);
  const quiz = inserted[DEMO_QUESTION_POSTS.length + quizIndex];
  const quizKeys = DEMO_QUIZZES[quizIndex]?.[3] ?? [];
  if (quiz) {
    const ana = id('ana.souza');
    const attemptAt = at(ANA_QUIZ.daysAgo, 20);
    const review = quizKeys.map((key, i) => ({
      i,
      option: ANA_QUIZ.answers[i] ?? 0,
      right: question(key)[6],
    }));
    await db.insert(quizAttempts).values({
      postId: quiz.id,
      userId: ana,
      answers: ANA_QUIZ.answers,
      score: review.filter((r) => r.option === r.right).length,
      total: review.length,
      createdAt: attemptAt,
    });
    await db
      .insert(postAnswers)
      .values(
        review.map((r) => ({
          postId: quiz.id,
          userId: ana,
          questionIndex: r.i,
          optionIndex: r.option,
          isCorrect: r.option === r.right,
          viaAttempt: true,
          createdAt: attemptAt,
        })),
      )
      .onConflictDoNothing();
    const wrong = review
      .filter((r) => r.option !== r.right)
      .map((r) => ({ postId: quiz.id, questionIndex: r.i }));
    await recordWrongAnswers(db, ana, wrong, attemptAt);
  }
  await seedAnaReviews(db, id('ana.souza'), ref, now);
  // Quiz attempts seeded before the bank (posts.demo.ts) count as first answers too, as migration 0012 does.
  await db.execute(sql`
    insert into post_answers (post_id, user_id, question_index, option_index, is_correct, via_attempt, created_at)
    select distinct on (a.post_id, a.user_id, e.ord) a.post_id, a.user_id, (e.ord - 1)::int, e.opt,
           e.opt = qi.correct_answer, true, a.created_at
    from quiz_attempts a
    cross join lateral unnest(a.answers) with ordinality as e(opt, ord)
    join question_items qi on qi.post_id = a.post_id and qi.question_index = e.ord - 1
    order by a.post_id, a.user_id, e.ord, a.created_at, a.id
    on conflict do nothing`);
}

/** Ana's reviews so far (cards replayed through FSRS), a question she added by hand, her reminder. */
async function seedAnaReviews(
  db: Db,
  ana: string,
  ref: (key: string) => { postId: string; questionIndex: number },
  now: Date,
) {
  const entryOf = async (key: string) => {
    const { postId, questionIndex } = ref(key);
    const [entry] = await db
      .select()
      .from(notebookEntries)
      .where(
        and(
          eq(notebookEntries.userId, ana),
          eq(notebookEntries.postId, postId),
          eq(notebookEntries.questionIndex, questionIndex),
        ),
      );
    if (!entry) throw new Error(`Ana has no caderno entry for ${key}`);
    return entry;
  };
  for (const key of [...new Set(ANA_REVIEWS.map(([k]) => k))]) {
    const entry = await entryOf(key);
    const reviews = ANA_REVIEWS.filter(([k]) => k === key).map(([, rating, hours], i) => ({
      rating,
      reviewedAt: new Date(Math.min(entry.createdAt.getTime() + hours * HOUR, now.getTime())),
      clientId: `00000000-0000-4000-8000-${String(i).padStart(4, '0')}${entry.id.slice(-8)}`,
    }));
    await db.insert(reviewLogs).values(
      reviews.map((review) => ({
        ...review,
        userId: ana,
        entryId: entry.id,
        rating: REVIEW_RATINGS.indexOf(review.rating) + 1,
      })),
    );
    await db
      .update(notebookEntries)
      .set(replayReviews(entry.createdAt, reviews))
      .where(eq(notebookEntries.id, entry.id));
  }
  const manual = ref('trigonometria');
  const addedAt = new Date(now.getTime() - 20 * HOUR);
  await db
    .insert(notebookEntries)
    .values({
      userId: ana,
      ...manual,
      reason: 'manual',
      note: 'Revisar seno, cosseno e tangente dos ângulos notáveis.',
      createdAt: addedAt,
      due: addedAt,
    })
    .onConflictDoNothing();
  const crase = await entryOf('crase');
  await db
    .update(notebookEntries)
    .set({ note: 'Antes de palavra masculina não há crase!' })
    .where(eq(notebookEntries.id, crase.id));
  await db.insert(studyReminders).values({ userId: ana, enabled: true, hour: 19 }).onConflictDoNothing();
}
