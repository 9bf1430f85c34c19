import { MINORS_MESSAGES, setBirthDateSchema } from '@estudai/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetBirthDate } from '../api/set-birth-date.ts';

/** The birth-date question and its form (`BirthDatePrompt` shows it to whoever has not answered). */
export function BirthDateForm() {
  const [birthDate, setBirthDate] = useState('');
  const [error, setError] = useState<string>();
  const save = useSetBirthDate();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = setBirthDateSchema.safeParse({ birthDate });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: MINORS_MESSAGES.birthDateSaved }),
      onError: (failure) => setError(failure.message),
    });
  };

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
        <form onSubmit={handleSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <Field label={MINORS_MESSAGES.birthDateLabel} error={error}>
            {({ id, errorId }) => (
              <Input
                id={id}
                type="date"
                value={birthDate}
                onChange={(event) => setBirthDate(event.target.value)}
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
