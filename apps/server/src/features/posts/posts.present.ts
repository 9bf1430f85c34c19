import type {
  Exam,
  Post,
  PostMedia,
  QuestionData,
  QuizAttemptResult,
  ShownMedia,
  Subject,
} from '@estudai/contract';
import { type ImageViewer, shownImage } from '../../access/index.ts';
import type { StoredQuestion } from '../../db/schema/index.ts';
import { toAuthor } from '../../lib/authors.ts';
import type { PostRow } from './posts.queries.ts';

/**
 * A question as this viewer may see it: the key only once answered (or to its author), the
 * metadata each when given; its image (issue 42) as `images` (the image rule's answer for this
 * viewer, by address) has it, none when not given. The question bank (features/study) and the
 * simulados show their questions with this too.
 */
export function toQuestionData(
  question: StoredQuestion,
  showKey: boolean,
  images?: ReadonlyMap<string, ShownMedia>,
): QuestionData {
  const shown: QuestionData = { question: question.question, options: question.options };
  const image = question.imageUrl ? images?.get(question.imageUrl) : undefined;
  if (image) shown.image = image;
  if (question.subject) shown.subject = question.subject as Subject;
  if (question.topic) shown.topic = question.topic;
  if (question.exam) shown.exam = question.exam as Exam;
  if (question.year) shown.year = question.year;
  if (!showKey) return shown;
  shown.correctAnswer = question.correctAnswer;
  if (question.explanation) shown.explanation = question.explanation;
  return shown;
}

/** Score and per-question review of a quiz attempt. */
export function scoreQuiz(questions: StoredQuestion[], answers: number[]): QuizAttemptResult {
  const review = questions.map((question, index) => {
    const optionIndex = answers[index] ?? -1;
    return {
      optionIndex,
      correctAnswer: question.correctAnswer,
      isCorrect: optionIndex === question.correctAnswer,
      ...(question.explanation ? { explanation: question.explanation } : {}),
    };
  });
  const score = review.filter((item) => item.isCorrect).length;
  const total = questions.length;
  return { score, total, percentage: total ? Math.round((score / total) * 100) : 0, review };
}

/**
 * Row → API shape for one viewer: their like/save, their answer, vote or latest quiz attempt; its
 * photos and files as the image rule lets them see (issue 43: a minor gets no sensitive URL).
 */
export function toPost(row: PostRow, viewer: ImageViewer): Post {
  const { post } = row;
  const viewerId = viewer.id;
  const isAuthor = post.authorId === viewerId;
  const shownMedia = row.mediaChecks.map((check) =>
    shownImage({ ...check, uploaderId: post.authorId }, viewer),
  );
  // An imported question's image is one of the post's files (issue 42), shown beside its question.
  const images = new Map(row.mediaChecks.map((check, index) => [check.url, shownMedia[index] as ShownMedia]));
  // Each photo with its author's description for screen readers, when they wrote one (issue 36).
  const media = shownMedia.map((item, index): PostMedia => {
    const alt = post.mediaAlts[row.mediaChecks[index]?.url ?? ''];
    return alt ? { ...item, alt } : item;
  });
  const shape: Post = {
    id: post.id,
    type: post.type,
    content: post.content,
    studyGroupId: post.studyGroupId,
    author: toAuthor(row.author),
    createdAt: post.createdAt.toISOString(),
    mediaUrls: media.flatMap((item) => (item.url ? [item.url] : [])),
    media,
    commentsCount: post.commentsCount,
    sharesCount: post.sharesCount,
    likesCount: post.likesCount,
    isLiked: row.isLiked,
    isSaved: row.isSaved,
    editedAt: post.editedAt?.toISOString() ?? null,
  };
  if (post.type === 'question' && post.questionData) {
    shape.questionData = toQuestionData(post.questionData, isAuthor || row.viewerAnswer !== null, images);
    shape.viewerAnswer = row.viewerAnswer;
  }
  if (post.type === 'poll' && post.pollData) {
    const counts = post.pollVoteCounts ?? [];
    const options = post.pollData.options.map((text, index) => ({ text, votes: counts[index] ?? 0 }));
    shape.pollData = {
      question: post.pollData.question,
      options,
      totalVotes: options.reduce((sum, option) => sum + option.votes, 0),
      expiresAt: post.pollData.expiresAt,
    };
    shape.viewerVote = row.viewerVote;
  }
  if (post.type === 'question_set' && post.questionSetData) {
    const { title, questions } = post.questionSetData;
    const answers = row.viewerQuizAnswers;
    // First answers by question index: one at a time from the bank, or all from an attempt.
    const firstAnswers = questions.map((_, index) => row.viewerQuestionAnswers?.[String(index)] ?? null);
    shape.questionSetData = {
      title,
      questions: questions.map((question, index) =>
        toQuestionData(question, isAuthor || answers !== null || firstAnswers[index] !== null, images),
      ),
    };
    shape.viewerQuizAttempt = answers ? scoreQuiz(questions, answers) : null;
    shape.viewerQuestionAnswers = firstAnswers;
  }
  return shape;
}
