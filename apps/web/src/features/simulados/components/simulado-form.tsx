import { createSimuladoInputSchema } from '@estudai/contract';
import {
  type CreateSimuladoInput,
  fromBrasiliaInput,
  SIMULADO_DURATION_MAX_MINUTES,
  SIMULADO_DURATION_MIN_MINUTES,
  SIMULADO_QUESTIONS_MAX,
  SIMULADO_QUESTIONS_MIN,
  SIMULADO_TITLE_MAX,
  type SimuladoDetail,
  type SimuladoQuestionRef,
  toBrasiliaInput,
} from '@estudai/contract/constants';
import { type FormEvent, useState } from 'react';
import { BrasiliaDateTimeField } from '../../../components/brasilia-date-time-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
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

/** The form's values as the call's body, checked with the contract's schema (the server's). */
export function toInput(values: SimuladoFormValues) {
  const input: CreateSimuladoInput = {
    title: values.title,
    questions: values.questions,
    durationMinutes: Number(values.durationMinutes),
    opensAt: values.opensNow ? 'now' : values.opensAt ? fromBrasiliaInput(values.opensAt) : '',
    closesAt: values.closesAt ? fromBrasiliaInput(values.closesAt) : '',
    showRanking: values.showRanking,
  };
  return createSimuladoInputSchema.safeParse(input);
}

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
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<SimuladoFormValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleToggle = (ref: SimuladoQuestionRef) => {
    const key = refKey(ref);
    set({
      questions: values.questions.some((chosen) => refKey(chosen) === key)
        ? values.questions.filter((chosen) => refKey(chosen) !== key)
        : [...values.questions, ref],
    });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toInput(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Confira os campos.');
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  };

  const message = error ?? serverError;
  const count = values.questions.length;
  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4">
      <Card className="grid gap-4">
        <Field label="Título">
          {({ id }) => (
            <Input
              id={id}
              maxLength={SIMULADO_TITLE_MAX}
              value={values.title}
              onChange={(event) => set({ title: event.target.value })}
            />
          )}
        </Field>
        <Field
          label={`Duração (minutos, de ${SIMULADO_DURATION_MIN_MINUTES} a ${SIMULADO_DURATION_MAX_MINUTES})`}
        >
          {({ id }) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={SIMULADO_DURATION_MIN_MINUTES}
              max={SIMULADO_DURATION_MAX_MINUTES}
              value={values.durationMinutes}
              onChange={(event) => set({ durationMinutes: event.target.value })}
            />
          )}
        </Field>
        <CheckboxRow
          label="Abrir agora"
          checked={values.opensNow}
          onChange={(opensNow) => set({ opensNow })}
        />
        {!values.opensNow && (
          <BrasiliaDateTimeField
            label="Abre em (horário de Brasília)"
            value={values.opensAt}
            onChange={(opensAt) => set({ opensAt })}
          />
        )}
        <BrasiliaDateTimeField
          label="Fecha em (horário de Brasília)"
          value={values.closesAt}
          onChange={(closesAt) => set({ closesAt })}
        />
        <CheckboxRow
          label="Mostrar ranking"
          checked={values.showRanking}
          onChange={(showRanking) => set({ showRanking })}
        />
      </Card>

      <section aria-labelledby="picker-title" className="grid gap-3">
        <h2 id="picker-title" className="font-semibold">
          Questões
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          {count} {count === 1 ? 'questão selecionada' : 'questões selecionadas'} (mínimo{' '}
          {SIMULADO_QUESTIONS_MIN} para publicar, máximo {SIMULADO_QUESTIONS_MAX})
        </p>
        <QuestionPicker selected={values.questions} onToggle={handleToggle} />
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

function CheckboxRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
      <input
        type="checkbox"
        className="size-5 accent-indigo-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
