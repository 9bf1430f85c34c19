import { type StudyPlan, studyPlanSchema } from '@estudai/contract';
import {
  STUDY_GOAL_LABELS,
  STUDY_GOALS,
  STUDY_PLAN_MESSAGES,
  type StudyGoal,
  SUBJECT_LABELS,
  SUBJECTS,
  type Subject,
} from '@estudai/contract/constants';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { bodyResolver, CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetStudyPlan } from '../api/set-study-plan.ts';

interface StudyPlanValues {
  goal: StudyGoal | undefined;
  subjects: Subject[];
}

const chip =
  'rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
  'border-slate-300 text-slate-700 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white ' +
  'dark:border-slate-600 dark:text-slate-200';

/**
 * The first-run step's card (issue 21): goal and subjects, checked with the contract's schema (the
 * server's); `StudyPlanPrompt` decides whether it shows.
 */
export function StudyPlanForm({
  onLater,
  initial,
  onSaved,
}: {
  onLater: () => void;
  /** The plan being changed (settings), or none (the first-run step). */
  initial?: StudyPlan | null;
  onSaved?: () => void;
}) {
  const save = useSetStudyPlan();
  const {
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors },
  } = useForm<StudyPlanValues, unknown, StudyPlan>({
    ...CHECKED_WHEN_SENT,
    // The fields are the body, a goal not yet picked included: the schema says what is missing.
    resolver: bodyResolver(studyPlanSchema, (values: StudyPlanValues) => values),
    defaultValues: { goal: initial?.goal, subjects: initial?.subjects ?? [] },
  });
  const { goal, subjects } = watch();

  const toggle = (subject: Subject) =>
    setValue(
      'subjects',
      subjects.includes(subject) ? subjects.filter((s) => s !== subject) : [...subjects, subject],
    );
  const handleSave = handleSubmit((plan) =>
    save.mutate(plan, {
      onSuccess: () => {
        toast({ title: STUDY_PLAN_MESSAGES.saved });
        onSaved?.();
      },
      onError: (failure) => setError('root', { message: failure.message }),
    }),
  );
  const error = firstErrorMessage(errors);

  return (
    <section aria-labelledby="study-plan-title">
      <Card tone="highlight" className="grid gap-3">
        <div className="grid gap-1">
          <h2 id="study-plan-title" className="font-semibold">
            Monte o seu feed
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Conte para que você estuda e quais matérias: o feed Para você mostra primeiro o que combina com
            você.
          </p>
        </div>
        <form onSubmit={handleSave} noValidate className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Seu objetivo</legend>
            <div className="flex flex-wrap gap-2">
              {STUDY_GOALS.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={goal === value}
                  onClick={() => setValue('goal', value)}
                  className={chip}
                >
                  {STUDY_GOAL_LABELS[value]}
                </button>
              ))}
            </div>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Matérias que você estuda</legend>
            <div className="flex flex-wrap gap-2">
              {SUBJECTS.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={subjects.includes(value)}
                  onClick={() => toggle(value)}
                  className={chip}
                >
                  {SUBJECT_LABELS[value]}
                </button>
              ))}
            </div>
          </fieldset>
          {error && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar e ver meu feed'}
            </Button>
            <Button variant="ghost" onClick={onLater}>
              {initial ? 'Cancelar' : 'Agora não'}
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
