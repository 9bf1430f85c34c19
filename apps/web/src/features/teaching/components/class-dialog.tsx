import { type CreateClassInput, createClassInputSchema } from '@estudai/contract';
import {
  CLASS_DURATION_MAX_MINUTES,
  CLASS_TITLE_MAX,
  fromBrasiliaInput,
  TEACHING_MESSAGES as M,
  toBrasiliaInput,
} from '@estudai/contract/constants';
import { Controller, useForm } from 'react-hook-form';
import { BrasiliaDateTimeField } from '../../../components/brasilia-date-time-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateClass } from '../api/classes.ts';

/** The fields as typed: the start on the Brasília clock (datetime-local), the duration as text. */
interface ClassFormValues {
  title: string;
  startsAt: string;
  durationMinutes: string;
  meetingUrl: string;
}

/** Tomorrow at the start of the hour, on the Brasília clock: a sensible first guess. */
const initialValues = (): ClassFormValues => {
  const tomorrow = toBrasiliaInput(Date.now() + 24 * 60 * 60 * 1000);
  return { title: '', startsAt: `${tomorrow.slice(0, 14)}00`, durationMinutes: '60', meetingUrl: '' };
};

/** The fields as the call's body, which the contract's schema (the server's) checks. */
const toClassBody = (values: ClassFormValues): CreateClassInput => ({
  title: values.title,
  startsAt: values.startsAt ? fromBrasiliaInput(values.startsAt) : '',
  durationMinutes: Number(values.durationMinutes),
  meetingUrl: values.meetingUrl,
});

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
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ClassFormValues, unknown, CreateClassInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(createClassInputSchema, toClassBody),
    defaultValues: initialValues(),
  });

  const handleSave = handleSubmit((input) => {
    if (new Date(input.startsAt).getTime() <= Date.now()) {
      setError('root', { message: M.classInPast });
      return;
    }
    create.mutate(input, {
      onSuccess: () => {
        toast({ title: M.classScheduled, description: 'Os membros foram avisados.' });
        reset(initialValues());
        onOpenChange(false);
      },
      onError: (failure) => setError('root', { message: failure.message }),
    });
  });

  const error = firstErrorMessage(errors);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={M.newClass}
        description={`${M.liveClass}: os membros recebem um lembrete 15 minutos antes.`}
      >
        <form onSubmit={handleSave} noValidate className="grid gap-4 p-5">
          <Field label="Título">
            {({ id }) => <Input id={id} maxLength={CLASS_TITLE_MAX} {...register('title')} />}
          </Field>
          <Controller
            control={control}
            name="startsAt"
            render={({ field }) => (
              <BrasiliaDateTimeField
                label="Começa em (horário de Brasília)"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Field label={`Duração (minutos, até ${CLASS_DURATION_MAX_MINUTES})`}>
            {({ id }) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={1}
                max={CLASS_DURATION_MAX_MINUTES}
                {...register('durationMinutes')}
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
                {...register('meetingUrl')}
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
