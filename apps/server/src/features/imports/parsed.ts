import {
  EXAM_LABELS,
  EXAMS,
  type ImportError,
  type ImportItem,
  questionDataInputSchema,
  SUBJECT_LABELS,
  SUBJECTS,
} from '@estudai/contract';

// What every format's parser gives back, and the one check that turns it into importable items:
// the same contract schema a question post is created with, so the preview never promises a
// question the job would refuse.

/** An image a question embeds (Moodle's `<file>`, issue 42): its name, and its base64 (null: no such file). */
export interface RawImage {
  name: string;
  base64: string | null;
}

/** A question as a parser read it, before the contract checks it. */
export interface RawQuestion {
  /** Where it starts in the file (1-based line, or the question's number for XML). */
  line: number;
  question: string;
  options: string[];
  /** Index into `options`; may point outside them (the check reports it). */
  correctAnswer: number;
  explanation?: string;
  subject?: string;
  topic?: string;
  exam?: string;
  year?: string;
  category?: string;
  image?: RawImage;
}

export interface ParseResult {
  questions: RawQuestion[];
  /** Blocks the parser could read as questions but not import (unsupported type, no key). */
  errors: ImportError[];
}

/** The file as a whole is not the format chosen: the request is refused (400), nothing stored. */
export class FormatError extends Error {}

/** Lower case, no accents, spaces and dashes as '_': 'Matemática' → 'matematica'. */
function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

function choose<T extends string>(text: string | undefined, values: readonly T[], labels: Record<T, string>) {
  if (!text?.trim()) return null;
  const wanted = slug(text);
  return values.find((value) => value === wanted || slug(labels[value]) === wanted) ?? text.trim();
}

function yearOf(text: string | undefined): number | null | string {
  if (!text?.trim()) return null;
  return /^\d{4}$/.test(text.trim()) ? Number(text.trim()) : text;
}

/** Checks each question with the contract; what fails becomes an error on its line. */
export function validateQuestions(parsed: ParseResult): {
  items: ImportItem[];
  errors: ImportError[];
  /** The question each item was read from, in the same order (its line, its image). */
  sources: RawQuestion[];
} {
  const items: ImportItem[] = [];
  const sources: RawQuestion[] = [];
  const errors = [...parsed.errors];
  for (const raw of parsed.questions) {
    const result = questionDataInputSchema.safeParse({
      question: raw.question,
      options: raw.options,
      correctAnswer: raw.correctAnswer,
      explanation: raw.explanation || undefined,
      subject: choose(raw.subject, SUBJECTS, SUBJECT_LABELS),
      topic: raw.topic?.trim() || null,
      exam: choose(raw.exam, EXAMS, EXAM_LABELS),
      year: yearOf(raw.year),
    });
    if (!result.success) {
      errors.push({ line: raw.line, message: result.error.issues[0]?.message ?? 'Questão inválida.' });
      continue;
    }
    const data = result.data;
    sources.push(raw);
    items.push({
      question: data.question,
      options: data.options,
      correctAnswer: data.correctAnswer,
      ...(data.explanation ? { explanation: data.explanation } : {}),
      ...(data.subject ? { subject: data.subject } : {}),
      ...(data.topic ? { topic: data.topic } : {}),
      ...(data.exam ? { exam: data.exam } : {}),
      ...(data.year ? { year: data.year } : {}),
      ...(raw.category ? { category: raw.category } : {}),
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { items, errors, sources };
}
