import { z } from 'zod';
import { httpUrlSchema } from './api.ts';
import {
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTIONS_MIN,
  USER_TYPES,
} from './constants.ts';
import { shownMediaSchema } from './media.ts';
import {
  COMMENT_MAX,
  EXPLANATION_MAX,
  FEED_KINDS,
  FEED_MESSAGES,
  MEDIA_ALT_MAX,
  MEDIA_ALT_MESSAGES,
  MEDIA_URLS_MAX,
  OPTION_TEXT_MAX,
  POST_CONTENT_MAX,
  POST_MESSAGES,
  POST_TYPES,
  QUESTION_TEXT_MAX,
  QUIZ_QUESTIONS_MAX,
  QUIZ_TITLE_MAX,
  textTooLong,
} from './posts.constants.ts';
import { questionMetaInputShape, questionMetaShape } from './question-meta.ts';
import { HASHTAG_MAX, SEARCH_MESSAGES } from './search.constants.ts';
import { STUDY_LOOP_MESSAGES } from './study-loop.constants.ts';

const upTo = (max: number) => z.string().trim().max(max, textTooLong(max));
const trimmed = (max: number, required: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, textTooLong(max));

const httpUrl = httpUrlSchema(POST_MESSAGES.mediaInvalid);

/**
 * A '#' (not inside a word nor an '&…;' entity) followed by more letters, digits and '_' than a
 * hashtag may have: refused, rather than posted as a tag nobody can follow or search (issue 21).
 */
const LONG_HASHTAG = new RegExp(`(^|[^\\p{L}\\p{N}_&])#[\\p{L}\\p{N}_]{${HASHTAG_MAX + 1},}`, 'u');
const hashtagsFit = (text: string) => !LONG_HASHTAG.test(text);
/** Text of a post or comment: every hashtag in it at most HASHTAG_MAX long. */
const withTags = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine(hashtagsFit, SEARCH_MESSAGES.hashtagTooLong);

const correctAnswerSchema = z
  .number({ error: POST_MESSAGES.correctAnswerRange })
  .int(POST_MESSAGES.correctAnswerRange)
  .min(0, POST_MESSAGES.correctAnswerRange)
  .max(QUESTION_OPTIONS_MAX - 1, POST_MESSAGES.correctAnswerRange);

/** The key names one of the question's own alternatives (2 to 5 of them: keys 0 to 4). */
const keyWithinOptions = (question: { options: string[]; correctAnswer: number }) =>
  question.correctAnswer < question.options.length;
const keyIssue = { message: POST_MESSAGES.correctAnswerRange, path: ['correctAnswer'] };

const questionDataShape = {
  question: trimmed(QUESTION_TEXT_MAX, POST_MESSAGES.questionRequired),
  options: z
    .array(trimmed(OPTION_TEXT_MAX, POST_MESSAGES.questionOptions), { error: POST_MESSAGES.questionOptions })
    .min(QUESTION_OPTIONS_MIN, POST_MESSAGES.questionOptions)
    .max(QUESTION_OPTIONS_MAX, POST_MESSAGES.questionOptions),
  correctAnswer: correctAnswerSchema,
  explanation: upTo(EXPLANATION_MAX).optional(),
  ...questionMetaInputShape,
};

export const questionDataInputSchema = z.strictObject(questionDataShape).refine(keyWithinOptions, keyIssue);
export type QuestionDataInput = z.infer<typeof questionDataInputSchema>;

/** Poll options arrive as texts or as `{ text, votes }` (votes ignored); blanks are dropped. */
export const pollDataInputSchema = z.strictObject({
  question: trimmed(QUESTION_TEXT_MAX, POST_MESSAGES.pollQuestionRequired),
  options: z
    .array(
      z.union([
        z.string().max(OPTION_TEXT_MAX, textTooLong(OPTION_TEXT_MAX)),
        z.object({ text: z.string().max(OPTION_TEXT_MAX, textTooLong(OPTION_TEXT_MAX)) }).loose(),
      ]),
      { error: POST_MESSAGES.pollOptionsRange },
    )
    .max(20, POST_MESSAGES.pollOptionsRange)
    .transform((options) =>
      options.map((option) => (typeof option === 'string' ? option : option.text).trim()).filter(Boolean),
    )
    .pipe(
      z
        .array(z.string())
        .min(POLL_OPTIONS_MIN, POST_MESSAGES.pollOptionsRange)
        .max(POLL_OPTIONS_MAX, POST_MESSAGES.pollOptionsRange),
    ),
  totalVotes: z.number().optional(),
  /** ISO date-time with offset; must be in the future (checked by the server against its clock). */
  expiresAt: z.iso.datetime({ offset: true, error: POST_MESSAGES.pollExpiresInPast }).nullish(),
});
export type PollDataInput = z.infer<typeof pollDataInputSchema>;

/** A quiz's question: as a question post's, but its options are not checked (spec §5), only counted. */
const quizQuestionInputSchema = z
  .strictObject({
    ...questionDataShape,
    options: z
      .array(upTo(OPTION_TEXT_MAX), { error: POST_MESSAGES.questionOptions })
      .min(QUESTION_OPTIONS_MIN, POST_MESSAGES.questionOptions)
      .max(QUESTION_OPTIONS_MAX, POST_MESSAGES.questionOptions),
  })
  .refine(keyWithinOptions, keyIssue);

/** Spec §5: at least one question; the quiz title and the options are not checked. */
export const questionSetDataInputSchema = z.strictObject({
  title: upTo(QUIZ_TITLE_MAX).default(''),
  questions: z
    .array(quizQuestionInputSchema, { error: POST_MESSAGES.quizNeedsQuestion })
    .min(1, POST_MESSAGES.quizNeedsQuestion)
    .max(QUIZ_QUESTIONS_MAX, POST_MESSAGES.quizTooManyQuestions),
});
export type QuestionSetDataInput = z.infer<typeof questionSetDataInputSchema>;

export const mediaUrlsSchema = z
  .array(httpUrl, { error: POST_MESSAGES.mediaRequired })
  .min(1, POST_MESSAGES.mediaRequired)
  .max(MEDIA_URLS_MAX, POST_MESSAGES.mediaTooMany)
  .refine((urls) => new Set(urls).size === urls.length, POST_MESSAGES.mediaDuplicate);

/**
 * A photo post's descriptions (alt text, issue 36), in the order of its `mediaUrls`; a blank one is
 * none. Never more than the images.
 */
export const mediaAltsSchema = z
  .array(z.string().trim().max(MEDIA_ALT_MAX, MEDIA_ALT_MESSAGES.tooLong), {
    error: MEDIA_ALT_MESSAGES.tooMany,
  })
  .max(MEDIA_URLS_MAX, MEDIA_ALT_MESSAGES.tooMany);
const altsFit = (input: { mediaUrls?: string[]; mediaAlts?: string[] }) =>
  (input.mediaAlts?.length ?? 0) <= (input.mediaUrls?.length ?? 0);
const altsIssue = { message: MEDIA_ALT_MESSAGES.tooMany, path: ['mediaAlts'] };

const optionalContent = withTags(upTo(POST_CONTENT_MAX)).default('');
const destination = { studyGroupId: z.uuid('Grupo inválido.').nullish() };

/** `POST /api/posts`: one shape per type (spec §5). */
export const createPostSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('text'),
      content: withTags(trimmed(POST_CONTENT_MAX, POST_MESSAGES.contentRequired)),
      ...destination,
    }),
    z.strictObject({
      type: z.literal('question'),
      content: optionalContent,
      questionData: questionDataInputSchema,
      ...destination,
    }),
    z.strictObject({
      type: z.literal('poll'),
      content: optionalContent,
      pollData: pollDataInputSchema,
      ...destination,
    }),
    z.strictObject({
      type: z.literal('question_set'),
      content: optionalContent,
      questionSetData: questionSetDataInputSchema,
      ...destination,
    }),
    z
      .strictObject({
        type: z.literal('photo'),
        content: optionalContent,
        mediaUrls: mediaUrlsSchema,
        mediaAlts: mediaAltsSchema.optional(),
        ...destination,
      })
      .refine(altsFit, altsIssue),
    z.strictObject({
      type: z.literal('attachment'),
      content: optionalContent,
      mediaUrls: mediaUrlsSchema,
      ...destination,
    }),
  ],
  { error: 'Tipo de post inválido.' },
);
export type CreatePostInput = z.infer<typeof createPostSchema>;

/**
 * `PATCH /api/posts/{id}`: what the author changes. The text of any post; the links of a photo or
 * attachment post; a question's, poll's or quiz's own data only while nobody has answered it
 * (the server checks the type and the answers).
 */
export const updatePostSchema = z
  .strictObject({
    content: withTags(upTo(POST_CONTENT_MAX)).optional(),
    mediaUrls: mediaUrlsSchema.optional(),
    /** A photo post's descriptions, in the order of the `mediaUrls` sent with them. */
    mediaAlts: mediaAltsSchema.optional(),
    questionData: questionDataInputSchema.optional(),
    pollData: pollDataInputSchema.optional(),
    questionSetData: questionSetDataInputSchema.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), POST_MESSAGES.editNothing)
  .refine((input) => input.mediaAlts === undefined || altsFit(input), altsIssue);
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

export const postAuthorSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  isVerified: z.boolean(),
});
export type PostAuthor = z.infer<typeof postAuthorSchema>;

/**
 * A question as the feed shows it. `correctAnswer` and `explanation` are sent only once the viewer
 * has answered (or wrote the post): the answer key is not handed out before, so stats stay honest.
 * `subject`, `topic`, `exam` and `year` only when the author gave them.
 */
export const questionDataSchema = z.object({
  question: z.string(),
  options: z.array(z.string()),
  correctAnswer: z.number().int().optional(),
  explanation: z.string().optional(),
  ...questionMetaShape,
  /**
   * Issue 42: the question's image (one brought in by an import), through the image rule: `url`
   * null for a viewer it is kept from (a minor and a sensitive image), its check result always.
   */
  image: shownMediaSchema.optional(),
});
export type QuestionData = z.infer<typeof questionDataSchema>;

export const pollDataSchema = z.object({
  question: z.string(),
  options: z.array(z.object({ text: z.string(), votes: z.number().int() })),
  totalVotes: z.number().int(),
  expiresAt: z.string().nullable(),
});
export type PollData = z.infer<typeof pollDataSchema>;

export const questionSetDataSchema = z.object({
  title: z.string(),
  questions: z.array(questionDataSchema),
});
export type QuestionSetData = z.infer<typeof questionSetDataSchema>;

export const quizReviewItemSchema = z.object({
  optionIndex: z.number().int(),
  correctAnswer: z.number().int(),
  isCorrect: z.boolean(),
  explanation: z.string().optional(),
});

/** `POST /api/posts/{id}/quiz-attempts` answers this, and a quiz post carries the viewer's latest. */
export const quizAttemptResultSchema = z.object({
  score: z.number().int(),
  total: z.number().int(),
  percentage: z.number().int(),
  review: z.array(quizReviewItemSchema),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

export const postMediaSchema = shownMediaSchema.extend({ alt: z.string().optional() });
export type PostMedia = z.infer<typeof postMediaSchema>;

export const postSchema = z.object({
  id: z.string(),
  type: z.enum(POST_TYPES),
  content: z.string(),
  studyGroupId: z.string().nullable(),
  author: postAuthorSchema,
  createdAt: z.string(),
  /** The URLs of `media` this viewer may load (a minor's hold no sensitive or blocked image). */
  mediaUrls: z.array(z.string()),
  /**
   * Each photo or file with what the image check said of it (issue 43), in the post's order, and the
   * description its author wrote for screen readers (issue 36), when they wrote one.
   */
  media: z.array(postMediaSchema),
  commentsCount: z.number().int(),
  sharesCount: z.number().int(),
  likesCount: z.number().int(),
  isLiked: z.boolean(),
  isSaved: z.boolean(),
  /** When its author last changed it (the 'editado' mark); null if never. */
  editedAt: z.string().nullable(),
  questionData: questionDataSchema.optional(),
  pollData: pollDataSchema.optional(),
  questionSetData: questionSetDataSchema.optional(),
  /** The viewer's stored answer (question), vote (poll) or latest attempt (quiz); null if none. */
  viewerAnswer: z.number().int().nullable().optional(),
  viewerVote: z.number().int().nullable().optional(),
  viewerQuizAttempt: quizAttemptResultSchema.nullable().optional(),
  /**
   * Quiz posts: the viewer's first answer to each question (from the bank, one at a time, or from
   * a finished attempt), null where not answered yet. A question's key shows once it is answered.
   */
  viewerQuestionAnswers: z.array(z.number().int().nullable()).optional(),
});
export type Post = z.infer<typeof postSchema>;

/** Feed-style lists: `page`/`limit` as everywhere, or an opaque `cursor` from `nextCursor`. */
export const postListQuerySchema = z.object({
  cursor: z.string().max(200, 'Cursor inválido.').optional(),
});

/** `GET /api/posts`: the list query plus which home feed, 'Para você' when not given. */
export const feedQuerySchema = postListQuerySchema.extend({
  feed: z.enum(FEED_KINDS, { error: FEED_MESSAGES.kindInvalid }).default('for_you'),
});

export const optionIndexSchema = z.strictObject({
  optionIndex: z
    .number({ error: POST_MESSAGES.optionMissing })
    .int(POST_MESSAGES.optionMissing)
    .min(0, POST_MESSAGES.optionMissing)
    .max(POLL_OPTIONS_MAX - 1, POST_MESSAGES.optionMissing),
});

/**
 * `POST /api/posts/{id}/answer`: a question post's answer, or one question of a quiz answered on its
 * own (the question bank) with its `questionIndex` (0-based).
 */
export const answerInputSchema = optionIndexSchema.extend({
  questionIndex: z
    .number({ error: STUDY_LOOP_MESSAGES.questionIndexInvalid })
    .int(STUDY_LOOP_MESSAGES.questionIndexInvalid)
    .min(0, STUDY_LOOP_MESSAGES.questionIndexInvalid)
    .max(QUIZ_QUESTIONS_MAX - 1, STUDY_LOOP_MESSAGES.questionIndexInvalid)
    .optional(),
});
export type AnswerInput = z.infer<typeof answerInputSchema>;

export const answerResultSchema = z.object({
  /** Only when a quiz question was answered. */
  questionIndex: z.number().int().optional(),
  optionIndex: z.number().int(),
  isCorrect: z.boolean(),
  correctAnswer: z.number().int(),
  explanation: z.string().optional(),
  /** Share (0–1) of first answers, this one included, that chose each option; null under 10 answers. */
  optionShares: z.array(z.number().min(0).max(1)).nullable(),
});
export type AnswerResult = z.infer<typeof answerResultSchema>;

export const quizAttemptInputSchema = z.strictObject({
  answers: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(QUESTION_OPTIONS_MAX - 1),
      { error: POST_MESSAGES.quizAnswerAll },
    )
    .min(1, POST_MESSAGES.quizAnswerAll)
    .max(QUIZ_QUESTIONS_MAX, POST_MESSAGES.quizAnswerAll),
});

export const likeStateSchema = z.object({ isLiked: z.boolean(), likesCount: z.number().int() });
export const saveStateSchema = z.object({ isSaved: z.boolean() });

export const createCommentSchema = z.strictObject({
  content: withTags(
    z
      .string({ error: POST_MESSAGES.commentRequired })
      .trim()
      .min(1, POST_MESSAGES.commentRequired)
      .max(COMMENT_MAX, POST_MESSAGES.commentTooLong),
  ),
  /** Replying to a reply attaches to its top-level comment: one level deep. */
  parentId: z.uuid('Comentário inválido.').nullish(),
});
export type CreateCommentInput = z.infer<typeof createCommentSchema>;

/** `PATCH /api/comments/{id}`: its new text. */
export const updateCommentSchema = createCommentSchema.pick({ content: true });
export type UpdateCommentInput = z.infer<typeof updateCommentSchema>;

export interface PostComment {
  id: string;
  postId: string;
  parentId: string | null;
  content: string;
  createdAt: string;
  /** When its author last changed it (the 'editado' mark); null if never. */
  editedAt: string | null;
  likesCount: number;
  isLiked: boolean;
  author: PostAuthor;
  replies: PostComment[];
  /** It contains one of the viewer's 'Palavras ocultas' (issue 43): folded until they choose to see it. */
  hiddenByWords?: boolean;
}
export const postCommentSchema: z.ZodType<PostComment> = z.lazy(() =>
  z.object({
    id: z.string(),
    postId: z.string(),
    parentId: z.string().nullable(),
    content: z.string(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    likesCount: z.number().int(),
    isLiked: z.boolean(),
    author: postAuthorSchema,
    replies: z.array(postCommentSchema),
    hiddenByWords: z.boolean().optional(),
  }),
);
