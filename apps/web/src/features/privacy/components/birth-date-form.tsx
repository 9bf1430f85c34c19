import { MINORS_MESSAGES, type SetBirthDateInput, setBirthDateSchema } from '@estudai/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetBirthDate } from '../api/set-birth-date.ts';

/** The birth-date question and its form (`BirthDatePrompt` shows it to whoever has not answered). */
export function BirthDateForm() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SetBirthDateInput>({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(setBirthDateSchema),
    defaultValues: { birthDate: '' },
  });
  const save = useSetBirthDate();

  const handleSave = handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => toast({ title: MINORS_MESSAGES.birthDateSaved }),
      onError: (failure) => setError('birthDate', { message: failure.message }),
    }),
  );
  const error = errors.birthDate?.message;

  return (
    <section aria-labelledby="birth-date-title" className="p-4 pb-0">
      <Card tone="highlight" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="birth-date-title" className="font-semibold">
            Qual é a sua data de nascimento?
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Precisamos dela para proteger quem tem menos de 18 anos. Ela não aparece para ninguém. Até você
            responder, o chat e os grupos pagos ficam fechados.
          </p>
        </div>
        <form onSubmit={handleSave} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field label={MINORS_MESSAGES.birthDateLabel} error={error}>
            {({ id, errorId }) => (
              <Input
                id={id}
                type="date"
                {...register('birthDate')}
                aria-invalid={Boolean(error)}
                aria-describedby={errorId}
                required
              />
            )}
          </Field>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Salvando...' : 'Salvar'}
          </Button>
        </form>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Saiba como cuidamos dos seus dados na{' '}
          <Link to={paths.privacy()} className="font-medium text-indigo-600 underline dark:text-indigo-400">
            página de privacidade
          </Link>
          .
        </p>
      </Card>
    </section>
  );
}
