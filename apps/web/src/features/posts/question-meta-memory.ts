import { EXAMS, type Exam, SUBJECTS, type Subject, TOPIC_MAX } from '@estudai/contract/constants';
import { emptyQuestionMeta, type QuestionMetaValues } from './create-post-validation.ts';

// The create-post dialog prefills a question's subject, topic, exam and year with the author's last
// ones (issue 19): most people write several questions of the same subject in a row.

const storageKey = (userId: string) => `estudai:question-meta:${userId}`;

/** The metadata this author last published with; blanks when none (or unreadable). */
export function readLastQuestionMeta(userId: string | undefined): QuestionMetaValues {
  const meta = emptyQuestionMeta();
  if (!userId) return meta;
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return meta;
    const { subject, topic, exam, year } = stored as Record<string, unknown>;
    if (SUBJECTS.includes(subject as Subject)) meta.subject = subject as Subject;
    if (EXAMS.includes(exam as Exam)) meta.exam = exam as Exam;
    if (typeof topic === 'string') meta.topic = topic.slice(0, TOPIC_MAX);
    if (typeof year === 'string' && /^\d{4}$/.test(year)) meta.year = year;
  } catch {
    // Unparseable or storage refused: start blank.
  }
  return meta;
}

export function writeLastQuestionMeta(userId: string | undefined, meta: QuestionMetaValues) {
  if (!userId) return;
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify({ ...meta, topic: meta.topic.trim() }));
  } catch {
    // Storage refused: the next post simply starts blank.
  }
}
