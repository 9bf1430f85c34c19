import { EXAM_LABELS, type QuestionData, SUBJECT_LABELS } from '@estudai/contract/constants';
import { cn } from '../../lib/cn.ts';

type QuestionMeta = Pick<QuestionData, 'subject' | 'topic' | 'exam' | 'year'>;

/** 'Matemática', 'Funções', 'ENEM 2023': the parts a question has, in that order. */
function questionMetaParts({ subject, topic, exam, year }: QuestionMeta): string[] {
  const source = [exam && EXAM_LABELS[exam], year].filter(Boolean).join(' ');
  return [subject && SUBJECT_LABELS[subject], topic, source].filter((part): part is string => Boolean(part));
}

/** A question's metadata as small chips ('Matemática · Funções · ENEM 2023'); nothing when it has none. */
export function QuestionMetaChips({ meta, className }: { meta: QuestionMeta; className?: string }) {
  const parts = questionMetaParts(meta);
  if (parts.length === 0) return null;
  return (
    <ul aria-label="Classificação da questão" className={cn('flex flex-wrap gap-1.5', className)}>
      {parts.map((part, index) => (
        <li
          key={part}
          className={cn(
            'max-w-full truncate rounded-full px-2 py-0.5 text-xs font-medium',
            index === 0 && meta.subject
              ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-200'
              : 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
          )}
        >
          {part}
        </li>
      ))}
    </ul>
  );
}
