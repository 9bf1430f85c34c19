import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  postAnswers,
  posts,
  questionCalibrations,
  questionItems,
  questionResolutions,
  users,
} from '../../db/schema/index.ts';
import { defaultItemParams } from '../simulados/index.ts';

const HOUR = 60 * 60 * 1000;
/** Ana's practice session of yesterday: this many biology questions (her subject), all right. */
const ANA_PRACTICE_ANSWERS = 5;

/**
 * Demo data of issue 40, after the study demo: every demo question gets 3PL parameters (as a
 * calibration would, from its share correct: so practice picks adaptively and Ana's mastery map has
 * cells at several levels), and a third of them resolutions by Carla (the teacher's) and Diego.
 * Before that, Ana's practice session of yesterday in biology: one or two answers per subject leave
 * every cell 'Iniciante' (the level is cautious), five right ones show what practice builds.
 */
export async function seedDemoPractice(db: Db, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['prof.carla', 'mentor.diego', 'ana.souza']));
  const carla = people.find((person) => person.username === 'prof.carla')?.id;
  const diego = people.find((person) => person.username === 'mentor.diego')?.id;
  const ana = people.find((person) => person.username === 'ana.souza')?.id;
  if (!carla || !diego || !ana)
    throw new Error('demo users prof.carla, mentor.diego and ana.souza are missing');
  await seedAnaPractice(db, ana, now);

  const items = await db
    .select({
      postId: questionItems.postId,
      questionIndex: questionItems.questionIndex,
      authorId: questionItems.authorId,
      answers: questionItems.answersCount,
      correct: questionItems.correctCount,
      explanation: sql<
        string | null
      >`case when ${posts.type} = 'question' then ${posts.questionData}->>'explanation'
        else ${posts.questionSetData}->'questions'->${questionItems.questionIndex}->>'explanation' end`,
    })
    .from(questionItems)
    .innerJoin(posts, eq(posts.id, questionItems.postId))
    // By content after time, never by the random post id: the same demo data on every run.
    .orderBy(asc(questionItems.createdAt), asc(questionItems.searchText), asc(questionItems.questionIndex));
  if (items.length === 0) return;

  await db.insert(questionCalibrations).values(
    items.map((item, i) => {
      const share = item.answers > 0 ? item.correct / item.answers : null;
      return {
        postId: item.postId,
        questionIndex: item.questionIndex,
        ...defaultItemParams(share),
        // A little spread of discrimination, as a fit gives.
        a: 0.9 + (i % 5) * 0.2,
        responses: item.answers,
        calibratedAt: now,
      };
    }),
  );

  const resolutions = items
    .filter((_, i) => i % 3 === 0)
    .flatMap((item, i) => {
      const at = new Date(now.getTime() - (i + 2) * HOUR);
      const explanation = item.explanation?.trim() || 'Volte ao enunciado e confira o que é pedido.';
      const rows = [
        {
          postId: item.postId,
          questionIndex: item.questionIndex,
          authorId: carla,
          content: `Passo a passo: ${explanation} Antes de marcar, substitua a resposta no enunciado e confira se tudo fecha.`,
          accepted: item.authorId !== carla,
          votesCount: 0,
          createdAt: at,
          updatedAt: at,
        },
      ];
      if (item.authorId !== diego && i % 2 === 0) {
        const later = new Date(at.getTime() + HOUR / 2);
        rows.push({
          postId: item.postId,
          questionIndex: item.questionIndex,
          authorId: diego,
          content:
            'Dica de prova: elimine primeiro as alternativas que contrariam os dados do enunciado; sobram duas, e a conta decide entre elas.',
          accepted: false,
          votesCount: 0,
          createdAt: later,
          updatedAt: later,
        });
      }
      return rows;
    });
  await db.insert(questionResolutions).values(resolutions);
}

async function seedAnaPractice(db: Db, ana: string, now: Date): Promise<void> {
  const unanswered = await db
    .select({
      postId: questionItems.postId,
      questionIndex: questionItems.questionIndex,
      correctAnswer: questionItems.correctAnswer,
    })
    .from(questionItems)
    .leftJoin(
      postAnswers,
      and(
        eq(postAnswers.postId, questionItems.postId),
        eq(postAnswers.questionIndex, questionItems.questionIndex),
        eq(postAnswers.userId, ana),
      ),
    )
    .where(
      and(eq(questionItems.subject, 'biologia'), ne(questionItems.authorId, ana), isNull(postAnswers.postId)),
    )
    .orderBy(asc(questionItems.searchText), asc(questionItems.questionIndex))
    .limit(ANA_PRACTICE_ANSWERS);
  if (unanswered.length === 0) return;
  const start = now.getTime() - 26 * HOUR;
  await db.insert(postAnswers).values(
    unanswered.map((item, i) => ({
      postId: item.postId,
      userId: ana,
      questionIndex: item.questionIndex,
      optionIndex: item.correctAnswer,
      isCorrect: true,
      createdAt: new Date(start + i * 3 * 60 * 1000),
    })),
  );
}
