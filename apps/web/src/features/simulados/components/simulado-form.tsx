import { createSimuladoInputSchema } from '@estudai/contract';
import {
  type CreateSimuladoInput,
  fromBrasiliaInput,
  SIMULADO_QUESTIONS_MAX,
  SIMULADO_QUESTIONS_MIN,
  SIMULADO_TITLE_MAX,
  type SimuladoDetail,
  type SimuladoQuestionRef,
  toBrasiliaInput,
} from '@estudai/contract/constants';
import { Controller, type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { BrasiliaDateTimeField } from '../../../components/brasilia-date-time-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { DurationField } from './duration-field.tsx';
import { QuestionPicker, refKey } from './question-picker.tsx';

export interface SimuladoFormValues {
  title: string;
  questions: SimuladoQuestionRef[];
  durationMinutes: string;
  opensNow: boolean;
  opensAt: string;
  closesAt: string;
  showRanking: boolean;
}

/** A new simulado starts now, for an hour and a half, open until the same time tomorrow. */
export function initialFormValues(detail?: SimuladoDetail): SimuladoFormValues {
  if (detail) {
    return {
      title: detail.title,
      questions: (detail.questions ?? []).map(({ postId, questionIndex }) => ({ postId, questionIndex })),
      durationMinutes: String(detail.durationMinutes),
      opensNow: false,
      opensAt: toBrasiliaInput(detail.opensAt),
      closesAt: toBrasiliaInput(detail.closesAt),
      showRanking: detail.showRanking,
    };
  }
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
  return {
    title: '',
    questions: [],
    durationMinutes: '90',
    opensNow: true,
    opensAt: toBrasiliaInput(new Date().toISOString()),
    closesAt: toBrasiliaInput(tomorrow),
    showRanking: true,
  };
}

/** The fields as the call's body, which the contract's schema (the server's) checks. */
const toSimuladoBody = (values: SimuladoFormValues): CreateSimuladoInput => ({
  title: values.title,
  questions: values.questions,
  durationMinutes: Number(values.durationMinutes),
  opensAt: values.opensNow ? 'now' : values.opensAt ? fromBrasiliaInput(values.opensAt) : '',
  closesAt: values.closesAt ? fromBrasiliaInput(values.closesAt) : '',
  showRanking: values.showRanking,
});

/** Create or edit a draft: title, questions from the bank, duration, window and ranking. */
export function SimuladoForm({
  initial,
  submitLabel,
  isPending,
  serverError,
  onSubmit,
}: {
  initial: SimuladoFormValues;
  submitLabel: string;
  isPending: boolean;
  serverError: string | null;
  onSubmit: (input: CreateSimuladoInput) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<SimuladoFormValues, unknown, CreateSimuladoInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(createSimuladoInputSchema, toSimuladoBody),
    defaultValues: initial,
  });
  const questions = useWatch({ control, name: 'questions' });
  const opensNow = useWatch({ control, name: 'opensNow' });

  const handleToggle = (ref: SimuladoQuestionRef) => {
    const key = refKey(ref);
    setValue(
      'questions',
      questions.some((chosen) => refKey(chosen) === key)
        ? questions.filter((chosen) => refKey(chosen) !== key)
        : [...questions, ref],
    );
  };

  const message = firstErrorMessage(errors) ?? serverError;
  const count = questions.length;
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <Card className="grid gap-4">
        <Field label="Título">
          {({ id }) => <Input id={id} maxLength={SIMULADO_TITLE_MAX} {...register('title')} />}
        </Field>
        <DurationField field={register('durationMinutes')} />
        <CheckboxRow label="Abrir agora" {...register('opensNow')} />
        {!opensNow && (
          <Controller
            control={control}
            name="opensAt"
            render={({ field }) => (
              <BrasiliaDateTimeField
                label="Abre em (horário de Brasília)"
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        <Controller
          control={control}
          name="closesAt"
          render={({ field }) => (
            <BrasiliaDateTimeField
              label="Fecha em (horário de Brasília)"
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <CheckboxRow label="Mostrar ranking" {...register('showRanking')} />
      </Card>

      <section aria-labelledby="picker-title" className="grid gap-3">
        <h2 id="picker-title" className="font-semibold">
          Questões
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {count} {count === 1 ? 'questão selecionada' : 'questões selecionadas'} (mínimo{' '}
          {SIMULADO_QUESTIONS_MIN} para publicar, máximo {SIMULADO_QUESTIONS_MAX})
        </p>
        <QuestionPicker selected={questions} onToggle={handleToggle} />
      </section>

      {message && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-200"
        >
          {message}
        </p>
      )}
      <Button type="submit" size="lg" disabled={isPending}>
        {isPending ? 'Salvando...' : submitLabel}
      </Button>
    </form>
  );
}

/** A checkbox with its label, registered in the form as it is. */
function CheckboxRow({ label, ...field }: { label: string } & UseFormRegisterReturn) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
      <input type="checkbox" className="size-5 accent-indigo-600" {...field} />
      {label}
    </label>
  );
}
