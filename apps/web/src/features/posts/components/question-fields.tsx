import { QUESTION_OPTIONS_MAX, QUESTION_OPTIONS_MIN } from '@estudai/contract/constants';
import { Plus, X } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { OPTION_LETTERS } from '../../../components/question/answer-options.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { CreatePostValues } from '../create-post-validation.ts';
import { QuestionMetaFields } from './question-meta-fields.tsx';

type QuestionPath = 'question' | `quiz.questions.${number}`;

/** Cebraspe's shape: two alternatives, 'Certo' and 'Errado'. */
const CERTO_ERRADO = ['Certo', 'Errado'];

/**
 * A question's text, its alternatives (4 to start with, 2 to 5: A–E, or Certo/Errado in one tap) with
 * the correct one marked, an explanation and its metadata.
 */
export function QuestionFields({ path }: { path: QuestionPath }) {
  const { register, control, getValues, setValue } = useFormContext<CreatePostValues>();
  const options = useWatch({ control, name: `${path}.options` }) ?? [];
  const setOptions = (next: string[], correct: number) => {
    setValue(`${path}.options`, next, { shouldDirty: true });
    setValue(`${path}.correctAnswer`, String(correct), { shouldDirty: true });
  };
  const add = () => {
    const current = getValues(`${path}.options`);
    setOptions([...current, ''], Number(getValues(`${path}.correctAnswer`)));
  };
  const remove = (index: number) => {
    const current = getValues(`${path}.options`);
    const correct = Number(getValues(`${path}.correctAnswer`));
    // The key follows its alternative; removing the key itself leaves A marked.
    setOptions(
      current.filter((_, i) => i !== index),
      correct === index ? 0 : correct > index ? correct - 1 : correct,
    );
  };
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
        {options.map((_, index) => {
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
              {options.length > QUESTION_OPTIONS_MIN && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="shrink-0"
                  aria-label={`Remover alternativa ${letter}`}
                  onClick={() => remove(index)}
                >
                  <X className="size-5" aria-hidden />
                </Button>
              )}
            </div>
          );
        })}
        <div className="flex flex-wrap gap-2">
          {options.length < QUESTION_OPTIONS_MAX && (
            <Button variant="outline" size="sm" onClick={add}>
              <Plus className="size-4" aria-hidden />
              Adicionar alternativa
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-pressed={options.length === 2 && options[0] === 'Certo' && options[1] === 'Errado'}
            onClick={() => setOptions([...CERTO_ERRADO], 0)}
          >
            Certo/Errado
          </Button>
        </div>
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
