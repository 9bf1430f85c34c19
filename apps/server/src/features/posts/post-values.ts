import { type CreatePostInput, ErrorCode, POST_MESSAGES, type QuestionDataInput } from '@estudai/contract';
import type { posts, StoredQuestion } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';

type PostValues = Omit<typeof posts.$inferInsert, 'authorId'>;

/** The question as stored: metadata only when given (a blank topic is none). */
function toStoredQuestion(input: QuestionDataInput): StoredQuestion {
  return {
    question: input.question,
    options: input.options,
    correctAnswer: input.correctAnswer,
    ...(input.explanation ? { explanation: input.explanation } : {}),
    ...(input.subject ? { subject: input.subject } : {}),
    ...(input.topic ? { topic: input.topic } : {}),
    ...(input.exam ? { exam: input.exam } : {}),
    ...(input.year ? { year: input.year } : {}),
  };
}

/** A photo post's descriptions by address, the blank ones left out (issue 36). */
function altsByUrl(urls: string[], alts: string[] = []): Record<string, string> {
  return Object.fromEntries(urls.flatMap((url, index) => (alts[index] ? [[url, alts[index]]] : [])));
}

/**
 * The row for a validated create request (the contract already checked shapes and limits).
 * Text is stored as typed: escaping is the renderer's job, never the database's.
 */
export function buildPostValues(input: CreatePostInput, now: Date): PostValues {
  const common = { type: input.type, content: input.content, studyGroupId: input.studyGroupId ?? null };
  switch (input.type) {
    case 'text':
      return common;
    case 'question':
      return { ...common, questionData: toStoredQuestion(input.questionData) };
    case 'poll': {
      const { question, options, expiresAt } = input.pollData;
      const closesAt = expiresAt ? new Date(expiresAt) : null;
      if (closesAt && closesAt.getTime() <= now.getTime()) {
        throw badRequest(POST_MESSAGES.pollExpiresInPast, ErrorCode.validation);
      }
      return {
        ...common,
        pollData: { question, options, expiresAt: closesAt ? closesAt.toISOString() : null },
        pollVoteCounts: options.map(() => 0),
      };
    }
    case 'question_set':
      return {
        ...common,
        questionSetData: {
          title: input.questionSetData.title,
          questions: input.questionSetData.questions.map(toStoredQuestion),
        },
      };
    case 'photo':
      return {
        ...common,
        mediaUrls: input.mediaUrls,
        mediaAlts: altsByUrl(input.mediaUrls, input.mediaAlts),
      };
    case 'attachment':
      return { ...common, mediaUrls: input.mediaUrls };
  }
}
