import { createClassInputSchema } from '@estudai/contract';
import {
  CLASS_DURATION_MAX_MINUTES,
  CLASS_TITLE_MAX,
  fromBrasiliaInput,
  TEACHING_MESSAGES as M,
  toBrasiliaInput,
} from '@estudai/contract/constants';
import { type FormEvent, useState } from 'react';
import { BrasiliaDateTimeField } from '../../../components/brasilia-date-time-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCreateClass } from '../api/classes.ts';

interface ClassFormValues {
  title: string;
  startsAt: string;
  durationMinutes: string;
  meetingUrl: string;
}

/** Tomorrow at the next full hour, on the Brasília clock: a sensible first guess. */
const initialValues = (): ClassFormValues => {
  const start = new Date(Date.now() + 24 * 60 * 60 * 1000);
  start.setUTCMinutes(0, 0, 0);
  return { title: '', startsAt: toBrasiliaInput(start.toISOString()), durationMinutes: '60', meetingUrl: '' };
};

/** The form's values as the call's body, checked with the contract's schema (the server's). */
export function toClassInput(values: ClassFormValues) {
  return createClassInputSchema.safeParse({
    title: values.title,
    startsAt: values.startsAt ? fromBrasiliaInput(values.startsAt) : '',
    durationMinutes: Number(values.durationMinutes),
    meetingUrl: values.meetingUrl,
  });
}

/** 'Agendar aula': an 'Aula ao vivo' with its start (Brasília time), duration and meeting link. */
export function ClassDialog({
  groupId,
  open,
  onOpenChange,
}: {
  groupId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateClass(groupId);
  const [values, setValues] = useState(initialValues);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<ClassFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toClassInput(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Confira os campos.');
      return;
    }
    if (new Date(parsed.data.startsAt).getTime() <= Date.now()) {
      setError(M.classInPast);
      return;
    }
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: M.classScheduled, description: 'Os membros foram avisados.' });
        setValues(initialValues());
        onOpenChange(false);
      },
      onError: (failure) => setError(failure.message),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={M.newClass}
        description={`${M.liveClass}: os membros recebem um lembrete 15 minutos antes.`}
      >
        <form onSubmit={handleSubmit} noValidate className="grid gap-4 p-5">
          <Field label="Título">
            {({ id }) => (
              <Input
                id={id}
                maxLength={CLASS_TITLE_MAX}
                value={values.title}
                onChange={(event) => set({ title: event.target.value })}
              />
            )}
          </Field>
          <BrasiliaDateTimeField
            label="Começa em (horário de Brasília)"
            value={values.startsAt}
            onChange={(startsAt) => set({ startsAt })}
          />
          <Field label={`Duração (minutos, até ${CLASS_DURATION_MAX_MINUTES})`}>
            {({ id }) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={1}
                max={CLASS_DURATION_MAX_MINUTES}
                value={values.durationMinutes}
                onChange={(event) => set({ durationMinutes: event.target.value })}
              />
            )}
          </Field>
          <Field label="Link da reunião (https://)" hint="Meet, Zoom, Teams ou outro: a aula acontece lá.">
            {({ id, hintId }) => (
              <Input
                id={id}
                type="url"
                inputMode="url"
                placeholder="https://meet.google.com/..."
                aria-describedby={hintId}
                value={values.meetingUrl}
                onChange={(event) => set({ meetingUrl: event.target.value })}
              />
            )}
          </Field>
          {error && (
            <p
              role="alert"
              className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-200"
            >
              {error}
            </p>
          )}
          <Button type="submit" size="lg" disabled={create.isPending}>
            {create.isPending ? 'Agendando...' : M.newClass}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
