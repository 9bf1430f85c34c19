import { QUESTION_OPTIONS } from '@estudai/contract/constants';
import { useFormContext } from 'react-hook-form';
import { OPTION_LETTERS } from '../../../components/question/answer-options.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { CreatePostValues } from '../create-post-validation.ts';
import { QuestionMetaFields } from './question-meta-fields.tsx';

type QuestionPath = 'question' | `quiz.questions.${number}`;

/** A question's text, its four alternatives A–D with the correct one marked, an explanation and its metadata. */
export function QuestionFields({ path }: { path: QuestionPath }) {
  const { register } = useFormContext<CreatePostValues>();
  return (
    <div className="grid gap-3">
      <Field label="Pergunta">
        {({ id }) => (
          <Textarea id={id} rows={2} placeholder="Qual é a pergunta?" {...register(`${path}.question`)} />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
          Alternativas (marque a correta)
        </legend>
        {Array.from({ length: QUESTION_OPTIONS }, (_, index) => {
          const letter = OPTION_LETTERS[index];
          return (
            <div key={letter} className="flex items-center gap-2">
              <label className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-xl border border-slate-300 has-checked:border-emerald-500 has-checked:bg-emerald-50 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500 dark:border-slate-600 dark:has-checked:bg-emerald-950">
                <input
                  type="radio"
                  value={String(index)}
                  aria-label={`${letter} é a correta`}
                  className="sr-only"
                  {...register(`${path}.correctAnswer`)}
                />
                <span aria-hidden className="text-sm font-semibold">
                  {letter}
                </span>
              </label>
              <Input
                aria-label={`Alternativa ${letter}`}
                placeholder={`Alternativa ${letter}`}
                {...register(`${path}.options.${index}`)}
              />
            </div>
          );
        })}
      </fieldset>
      <Field label="Explicação (opcional)">
        {({ id }) => (
          <Textarea
            id={id}
            rows={2}
            placeholder="Por que essa é a resposta?"
            {...register(`${path}.explanation`)}
          />
        )}
      </Field>
      <QuestionMetaFields path={path} />
    </div>
  );
}
