import {
  currentQuestionYear,
  EXAM_LABELS,
  EXAMS,
  QUESTION_META_LABELS,
  QUESTION_YEAR_MIN,
  SUBJECT_LABELS,
  SUBJECTS,
  TOPIC_MAX,
} from '@estudai/contract/constants';
import { useFormContext } from 'react-hook-form';
import { Field, Input, inputClasses } from '../../../components/ui/input.tsx';
import type { CreatePostValues } from '../create-post-validation.ts';

type QuestionPath = 'question' | `quiz.questions.${number}`;

const years = () =>
  Array.from({ length: currentQuestionYear() - QUESTION_YEAR_MIN + 1 }, (_, i) =>
    String(currentQuestionYear() - i),
  );

/** Issue 19: a question's optional 'Matéria', 'Assunto', 'Banca' and 'Ano', for the question bank. */
export function QuestionMetaFields({ path }: { path: QuestionPath }) {
  const { register } = useFormContext<CreatePostValues>();
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        Classificação (opcional)
      </legend>
      <Field label={QUESTION_META_LABELS.subject}>
        {({ id }) => (
          <select id={id} className={inputClasses} {...register(`${path}.subject`)}>
            <option value="">—</option>
            {SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {SUBJECT_LABELS[subject]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={QUESTION_META_LABELS.exam}>
        {({ id }) => (
          <select id={id} className={inputClasses} {...register(`${path}.exam`)}>
            <option value="">—</option>
            {EXAMS.map((exam) => (
              <option key={exam} value={exam}>
                {EXAM_LABELS[exam]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={QUESTION_META_LABELS.topic}>
        {({ id }) => (
          <Input id={id} maxLength={TOPIC_MAX} placeholder="Ex.: Funções" {...register(`${path}.topic`)} />
        )}
      </Field>
      <Field label={QUESTION_META_LABELS.year}>
        {({ id }) => (
          <select id={id} className={inputClasses} {...register(`${path}.year`)}>
            <option value="">—</option>
            {years().map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        )}
      </Field>
    </fieldset>
  );
}
