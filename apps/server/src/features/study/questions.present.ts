import type { BankQuestion, NotebookEntry, QuestionStatus, ShownMedia } from '@estudai/contract';
import type { notebookEntries } from '../../db/schema/index.ts';
import { toAuthor } from '../../lib/authors.ts';
import { type StoredCard, toReviewCard } from '../../lib/fsrs.ts';
import { toQuestionData } from '../posts/index.ts';
import type { BankRow, NotebookRow } from './questions.queries.ts';

type QuestionRow = Omit<BankRow, 'notebookEntryId'>;

const percentage = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

function statusOf(row: QuestionRow): QuestionStatus {
  if (row.viewerOption === null) return 'unanswered';
  return row.viewerCorrect ? 'correct' : 'wrong';
}

/**
 * A question as this viewer may see it: the key, the explanation and the community figures only
 * once they answered it, or to its author (decision 003).
 */
function toBankQuestion(
  row: QuestionRow,
  viewerId: string,
  notebookEntryId: string | null,
  images?: ReadonlyMap<string, ShownMedia>,
): BankQuestion {
  const { item } = row;
  const revealed = row.viewerOption !== null || item.authorId === viewerId;
  return {
    postId: item.postId,
    questionIndex: item.questionIndex,
    postType: row.postType === 'question_set' ? 'question_set' : 'question',
    quizTitle: row.postType === 'question_set' ? (row.quizTitle ?? '') : null,
    studyGroupId: item.studyGroupId,
    author: toAuthor(row.author),
    createdAt: item.createdAt.toISOString(),
    questionData: toQuestionData(row.question, revealed, images),
    viewerAnswer: row.viewerOption,
    status: statusOf(row),
    questionStatus: item.status,
    ...(revealed
      ? {
          community: {
            answersCount: item.answersCount,
            correctPercentage: percentage(item.correctCount, item.answersCount),
          },
        }
      : {}),
    notebookEntryId,
    difficulty: row.difficulty,
  };
}

export const bankRowToQuestion = (row: BankRow, viewerId: string, images: ReadonlyMap<string, ShownMedia>) =>
  toBankQuestion(row, viewerId, row.notebookEntryId, images);

type EntryRow = typeof notebookEntries.$inferSelect;

export const storedCardOf = (entry: EntryRow): StoredCard => ({
  due: entry.due,
  stability: entry.stability,
  difficulty: entry.difficulty,
  elapsedDays: entry.elapsedDays,
  scheduledDays: entry.scheduledDays,
  learningSteps: entry.learningSteps,
  reps: entry.reps,
  lapses: entry.lapses,
  state: entry.state,
  lastReview: entry.lastReview,
});

export function toNotebookEntry(
  row: NotebookRow,
  viewerId: string,
  images?: ReadonlyMap<string, ShownMedia>,
): NotebookEntry {
  const { entry } = row;
  return {
    id: entry.id,
    reason: entry.reason,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
    question: toBankQuestion(row, viewerId, entry.id, images),
    card: toReviewCard(storedCardOf(entry)),
  };
}
