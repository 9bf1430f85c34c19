import { QUESTION_REPORT_MESSAGES, SIMULADO_PAPER_LETTERS } from '@estudai/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications, postAnswers, questionItems, questionReports, users } from '../../db/schema/index.ts';

const M = QUESTION_REPORT_MESSAGES;
const HOUR = 60 * 60 * 1000;

/**
 * Demo data of issue 40's error reports, after the practice demo: Bruno reported a wrong key on one
 * of Carla's questions two days ago and she corrected it (the key the question has now: his report
 * closed, both told), and Ana reported an error in the statement of another, which Carla anulled
 * (it leaves the bank unless 'Incluir anuladas e desatualizadas' asks for it). The second is one Ana
 * answered right, so her caderno and her wrong answers stay as the study demo made them.
 */
export async function seedDemoQuestionReports(db: Db, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['prof.carla', 'ana.souza', 'bruno.lima']));
  const idOf = (username: string) => people.find((person) => person.username === username)?.id;
  const [carla, ana, bruno] = [idOf('prof.carla'), idOf('ana.souza'), idOf('bruno.lima')];
  if (!carla || !ana || !bruno)
    throw new Error('demo users prof.carla, ana.souza and bruno.lima are missing');

  const answeredBy = (userId: string, correct: boolean) =>
    db
      .select({
        postId: questionItems.postId,
        questionIndex: questionItems.questionIndex,
        correctAnswer: questionItems.correctAnswer,
      })
      .from(questionItems)
      .innerJoin(
        postAnswers,
        and(
          eq(postAnswers.postId, questionItems.postId),
          eq(postAnswers.questionIndex, questionItems.questionIndex),
          eq(postAnswers.userId, userId),
          eq(postAnswers.isCorrect, correct),
        ),
      )
      .where(eq(questionItems.authorId, carla))
      // By content after time, never by the random post id: the same demo data on every run.
      .orderBy(asc(questionItems.createdAt), asc(questionItems.searchText), asc(questionItems.questionIndex));
  const [anulled] = await answeredBy(ana, true);
  const [corrected] = (await answeredBy(bruno, true)).filter(
    (item) => item.postId !== anulled?.postId || item.questionIndex !== anulled.questionIndex,
  );
  if (!anulled || !corrected) return;

  const reportedAt = new Date(now.getTime() - 48 * HOUR);
  const closedAt = new Date(now.getTime() - 30 * HOUR);
  const ref = (item: typeof anulled) => ({ postId: item.postId, questionIndex: item.questionIndex });
  await db.transaction(async (tx) => {
    await tx
      .update(questionItems)
      .set({ status: 'anulada' })
      .where(
        and(eq(questionItems.postId, anulled.postId), eq(questionItems.questionIndex, anulled.questionIndex)),
      );
    await tx.insert(questionReports).values([
      {
        ...ref(corrected),
        reporterId: bruno,
        reason: 'gabarito_errado',
        text: 'Pelo enunciado a resposta certa é outra alternativa: o gabarito parece trocado.',
        createdAt: reportedAt,
        closedAt,
        outcome: 'key_corrected',
      },
      {
        ...ref(anulled),
        reporterId: ana,
        reason: 'enunciado_com_erro',
        text: 'Faltou um dado no enunciado: duas alternativas ficam certas.',
        createdAt: reportedAt,
        closedAt,
        outcome: 'anulada',
      },
    ]);
    const url = (item: typeof anulled) => `/post/${item.postId}`;
    await tx.insert(notifications).values([
      {
        userId: carla,
        actorId: bruno,
        type: 'system',
        title: M.reportedTitle,
        message: M.reportedMessage('gabarito_errado', 'Bruno Lima'),
        actionUrl: url(corrected),
        isRead: true,
        createdAt: reportedAt,
      },
      {
        userId: carla,
        actorId: ana,
        type: 'system',
        title: M.reportedTitle,
        message: M.reportedMessage('enunciado_com_erro', 'Ana Souza'),
        actionUrl: url(anulled),
        isRead: true,
        createdAt: reportedAt,
      },
      {
        userId: bruno,
        actorId: carla,
        type: 'system',
        title: M.outcomeTitle,
        message: M.outcomeKeyCorrected(SIMULADO_PAPER_LETTERS[corrected.correctAnswer] ?? ''),
        actionUrl: url(corrected),
        createdAt: closedAt,
      },
      {
        userId: ana,
        actorId: carla,
        type: 'system',
        title: M.outcomeTitle,
        message: M.outcomeAnulada,
        actionUrl: url(anulled),
        createdAt: closedAt,
      },
    ]);
  });
}
