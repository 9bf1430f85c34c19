import {
  type CreatePostInput,
  createPostSchema,
  POLL_OPTIONS_MIN,
  POST_MESSAGES,
  type PostType,
  QUESTION_OPTIONS_DEFAULT,
} from '@estudai/contract';

/** A question's optional metadata as the selects hold it; '' is "not given". */
export interface QuestionMetaValues {
  subject: string;
  topic: string;
  exam: string;
  year: string;
}

export interface QuestionValues extends QuestionMetaValues {
  question: string;
  options: string[];
  /** The correct alternative, as the radio buttons hold it ('0' to '4'). */
  correctAnswer: string;
  explanation: string;
}

/** What the create-post form holds; each type reads its own part. */
export interface CreatePostValues {
  type: PostType;
  content: string;
  /** '' is the main feed (spec §4: the default destination). */
  studyGroupId: string;
  question: QuestionValues;
  poll: { question: string; options: { text: string }[]; expiresAt: string };
  quiz: { title: string; questions: QuestionValues[] };
  /** Each link or upload; a photo's `alt` is its description for screen readers (issue 36). */
  mediaUrls: { url: string; alt: string }[];
  /** Files from the device still on their way up: publishing waits for them. */
  uploading: number;
}

export const emptyQuestionMeta = (): QuestionMetaValues => ({ subject: '', topic: '', exam: '', year: '' });

/** A blank question, its metadata prefilled with `meta` (the author's last, or the previous question's). */
export const emptyQuestion = (meta: QuestionMetaValues = emptyQuestionMeta()): QuestionValues => ({
  question: '',
  options: Array.from({ length: QUESTION_OPTIONS_DEFAULT }, () => ''),
  correctAnswer: '0',
  explanation: '',
  ...meta,
});

export const questionMetaOf = ({ subject, topic, exam, year }: QuestionValues): QuestionMetaValues => ({
  subject,
  topic,
  exam,
  year,
});

export const emptyCreatePostValues = (meta?: QuestionMetaValues): CreatePostValues => ({
  type: 'text',
  content: '',
  studyGroupId: '',
  question: emptyQuestion(meta),
  poll: {
    question: '',
    options: Array.from({ length: POLL_OPTIONS_MIN }, () => ({ text: '' })),
    expiresAt: '',
  },
  quiz: { title: '', questions: [emptyQuestion(meta)] },
  mediaUrls: [],
  uploading: 0,
});

type Checked = { ok: true; data: CreatePostInput } | { ok: false; message: string };

function toQuestionData(values: QuestionValues) {
  const explanation = values.explanation.trim();
  const topic = values.topic.trim();
  return {
    question: values.question,
    options: values.options,
    correctAnswer: Number(values.correctAnswer),
    ...(explanation ? { explanation } : {}),
    // Only the metadata given: the contract checks each (subject and exam known, year in range).
    ...(values.subject ? { subject: values.subject } : {}),
    ...(topic ? { topic } : {}),
    ...(values.exam ? { exam: values.exam } : {}),
    ...(values.year ? { year: Number(values.year) } : {}),
  };
}

function toInput(values: CreatePostValues): Record<string, unknown> {
  const base = { type: values.type, content: values.content, studyGroupId: values.studyGroupId || null };
  switch (values.type) {
    case 'text':
      return base;
    case 'question':
      return { ...base, questionData: toQuestionData(values.question) };
    case 'poll': {
      const { expiresAt } = values.poll;
      return {
        ...base,
        pollData: {
          question: values.poll.question,
          // Spec §5: blank options are dropped on submit.
          options: values.poll.options.map((option) => option.text.trim()).filter(Boolean),
          ...(expiresAt ? { expiresAt: new Date(expiresAt).toISOString() } : {}),
        },
      };
    }
    case 'question_set':
      return {
        ...base,
        questionSetData: { title: values.quiz.title, questions: values.quiz.questions.map(toQuestionData) },
      };
    case 'photo': {
      const mediaUrls = values.mediaUrls.map((media) => media.url);
      const alts = values.mediaUrls.map((media) => media.alt.trim());
      // Descriptions only when one was written: in the order of the photos, blanks for the others.
      return { ...base, mediaUrls, ...(alts.some(Boolean) ? { mediaAlts: alts } : {}) };
    }
    case 'attachment':
      return { ...base, mediaUrls: values.mediaUrls.map((media) => media.url) };
  }
}

/**
 * Spec §5's checks first, with its exact messages (toasts titled 'Erro'); then the contract's
 * schema, the one the server validates with, has the last word.
 */
export function checkCreatePost(values: CreatePostValues, now: Date = new Date()): Checked {
  if (values.type === 'text' && !values.content.trim()) {
    return { ok: false, message: POST_MESSAGES.contentRequired };
  }
  if (values.type === 'question' && !values.question.question.trim()) {
    return { ok: false, message: POST_MESSAGES.questionRequired };
  }
  if (values.type === 'poll') {
    if (!values.poll.question.trim()) return { ok: false, message: POST_MESSAGES.pollQuestionRequired };
    const { expiresAt } = values.poll;
    if (expiresAt && !(new Date(expiresAt).getTime() > now.getTime())) {
      return { ok: false, message: POST_MESSAGES.pollExpiresInPast };
    }
  }
  if (values.type === 'question_set') {
    const blank = values.quiz.questions.findIndex((question) => !question.question.trim());
    if (blank >= 0) return { ok: false, message: POST_MESSAGES.quizQuestionRequired(blank + 1) };
  }
  const parsed = createPostSchema.safeParse(toInput(values));
  if (parsed.success) return { ok: true, data: parsed.data };
  const [issue] = parsed.error.issues;
  return { ok: false, message: issue ? messageOf(issue) : POST_MESSAGES.createFailed };
}

/** A schema's message; about one of a quiz's questions, it says which ('Questão 2: …'). */
function messageOf(issue: { path: PropertyKey[]; message: string }): string {
  const [data, list, index] = issue.path;
  if (data === 'questionSetData' && list === 'questions' && typeof index === 'number') {
    return POST_MESSAGES.inQuizQuestion(index + 1, issue.message);
  }
  return issue.message;
}
