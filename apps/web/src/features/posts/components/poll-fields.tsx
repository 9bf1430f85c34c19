import { POLL_OPTIONS_MAX, POLL_OPTIONS_MIN } from '@estudai/contract/constants';
import { Plus, X } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import type { CreatePostValues } from '../create-post-validation.ts';

/** Spec §5: 2 to 6 options; only those from the third on can be removed. */
export function PollFields() {
  const { register, control } = useFormContext<CreatePostValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'poll.options' });
  return (
    <div className="grid gap-3">
      <Field label="Pergunta da enquete">
        {({ id }) => (
          <Textarea
            id={id}
            rows={2}
            placeholder="O que você quer perguntar?"
            {...register('poll.question')}
          />
        )}
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Opções</legend>
        {fields.map((field, index) => (
          <div key={field.id} className="flex items-center gap-2">
            <Input
              aria-label={`Opção ${index + 1}`}
              placeholder={`Opção ${index + 1}`}
              {...register(`poll.options.${index}.text`)}
            />
            {index >= POLL_OPTIONS_MIN && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remover opção ${index + 1}`}
                onClick={() => remove(index)}
              >
                <X className="size-5" aria-hidden />
              </Button>
            )}
          </div>
        ))}
        {fields.length < POLL_OPTIONS_MAX && (
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => append({ text: '' })}
          >
            <Plus className="size-4" aria-hidden />
            Adicionar opção
          </Button>
        )}
      </fieldset>
      <Field label="Encerramento (opcional)">
        {({ id }) => <Input id={id} type="datetime-local" {...register('poll.expiresAt')} />}
      </Field>
    </div>
  );
}
