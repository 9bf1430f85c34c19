import { createPersonalSimuladoInputSchema } from '@estudai/contract';
import {
  type CreatePersonalSimuladoInput,
  EXAM_LABELS,
  EXAMS,
  QUESTION_DIFFICULTIES,
  QUESTION_DIFFICULTY_LABELS,
  SIMULADO_PERSONAL_OPEN_DAYS,
  SIMULADO_PERSONAL_QUESTIONS_MAX,
  SIMULADO_QUESTIONS_MIN,
  SUBJECT_LABELS,
  SUBJECTS,
} from '@estudai/contract/constants';
import { Play } from 'lucide-react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Input } from '../../../components/ui/input.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { paths } from '../../../lib/paths.ts';
import { useCreatePersonalSimulado } from '../api/create-personal.ts';
import { DurationField } from '../components/duration-field.tsx';
import { PersonalSimulados } from '../components/personal-simulados.tsx';

interface PersonalFormValues {
  subjects: string[];
  exams: string[];
  difficulties: string[];
  questionCount: string;
  durationMinutes: string;
  hideAnswered: boolean;
}

const toBody = (values: PersonalFormValues) =>
  ({
    subjects: values.subjects,
    exams: values.exams,
    difficulties: values.difficulties,
    questionCount: Number(values.questionCount),
    durationMinutes: Number(values.durationMinutes),
    hideAnswered: values.hideAnswered,
  }) as CreatePersonalSimuladoInput;

function Choices({
  legend,
  options,
  field,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  field: UseFormRegisterReturn;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 items-center gap-2 rounded-full border border-slate-200 px-3 text-sm has-[:checked]:border-indigo-600 has-[:checked]:bg-indigo-50 dark:border-slate-700 dark:has-[:checked]:bg-indigo-950"
          >
            <input type="checkbox" value={option.value} className="size-4 accent-indigo-600" {...field} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * /simulados/monte-seu-simulado ('Monte seu simulado', issue 36): a student picks subjects, bancas and
 * difficulties, how many questions and how long; the server draws them from the bank and the simulado
 * opens with the same attempt screen and result as a group's, without a ranking.
 */
export function PersonalSimuladoPage() {
  const navigate = useNavigate();
  const create = useCreatePersonalSimulado();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PersonalFormValues, unknown, CreatePersonalSimuladoInput>({
    ...CHECKED_WHEN_SENT,
    resolver: bodyResolver(createPersonalSimuladoInputSchema, toBody),
    defaultValues: {
      subjects: [],
      exams: [],
      difficulties: [],
      questionCount: '10',
      durationMinutes: '30',
      hideAnswered: true,
    },
  });
  const onSubmit = (input: CreatePersonalSimuladoInput) =>
    create.mutate(input, { onSuccess: (detail) => navigate(paths.simulado(detail.id)) });
  const message = firstErrorMessage(errors) ?? create.error?.message ?? null;
  return (
    <Page title="Monte seu simulado" back={paths.questionBank()} backViaHistory>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Escolha os filtros: as questões são sorteadas do banco. O simulado é só seu, sem ranking, e fica
          aberto por {SIMULADO_PERSONAL_OPEN_DAYS} dias; o tempo conta quando você começar.
        </p>
        <Card className="grid gap-4">
          <Choices
            legend="Matérias (nenhuma: todas)"
            options={SUBJECTS.map((value) => ({ value, label: SUBJECT_LABELS[value] }))}
            field={register('subjects')}
          />
          <Choices
            legend="Bancas (nenhuma: todas)"
            options={EXAMS.map((value) => ({ value, label: EXAM_LABELS[value] }))}
            field={register('exams')}
          />
          <Choices
            legend="Dificuldade (nenhuma: todas)"
            options={QUESTION_DIFFICULTIES.map((value) => ({
              value,
              label: QUESTION_DIFFICULTY_LABELS[value],
            }))}
            field={register('difficulties')}
          />
          <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="size-5 accent-indigo-600" {...register('hideAnswered')} />
            Ocultar questões que já respondi
          </label>
        </Card>
        <Card className="grid gap-4 sm:grid-cols-2">
          <Field
            label={`Número de questões (${SIMULADO_QUESTIONS_MIN} a ${SIMULADO_PERSONAL_QUESTIONS_MAX})`}
          >
            {({ id }) => (
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={SIMULADO_QUESTIONS_MIN}
                max={SIMULADO_PERSONAL_QUESTIONS_MAX}
                {...register('questionCount')}
              />
            )}
          </Field>
          <DurationField field={register('durationMinutes')} />
        </Card>
        {message && (
          <p
            role="alert"
            className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950/40 dark:text-red-200"
          >
            {message}
          </p>
        )}
        <Button type="submit" size="lg" disabled={create.isPending}>
          <Play className="size-4" aria-hidden />
          {create.isPending ? 'Montando...' : 'Montar simulado'}
        </Button>
      </form>
      <PersonalSimulados />
    </Page>
  );
}
