import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { type CreatePostValues, emptyQuestion, questionMetaOf } from '../create-post-validation.ts';
import { QuestionFields } from './question-fields.tsx';

/** Spec §5: a title and at least one question; the first cannot be removed, no upper limit. */
export function QuizFields() {
  const { register, control, getValues } = useFormContext<CreatePostValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'quiz.questions' });
  return (
    <div className="grid gap-4">
      <Field label="Título do quiz">
        {({ id }) => <Input id={id} placeholder="Ex.: Revisão de Química" {...register('quiz.title')} />}
      </Field>
      {fields.map((field, index) => (
        <fieldset
          key={field.id}
          className="grid gap-3 rounded-2xl border border-slate-200 p-3 dark:border-slate-700"
        >
          <legend className="px-1 text-sm font-semibold">Questão {index + 1}</legend>
          {index > 0 && (
            <Button
              variant="ghost"
              size="sm"
              className="justify-self-end text-red-600 dark:text-red-400"
              aria-label={`Remover questão ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2 className="size-4" aria-hidden />
              Remover
            </Button>
          )}
          <QuestionFields path={`quiz.questions.${index}`} />
        </fieldset>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        // A new question starts with the previous one's subject, topic, exam and year.
        onClick={() => {
          const previous = getValues('quiz.questions').at(-1);
          append(emptyQuestion(previous && questionMetaOf(previous)));
        }}
      >
        <Plus className="size-4" aria-hidden />
        Adicionar questão
      </Button>
    </div>
  );
}
