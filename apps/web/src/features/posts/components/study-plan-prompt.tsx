import {
  STUDY_GOAL_LABELS,
  STUDY_GOALS,
  STUDY_PLAN_MESSAGES,
  type StudyGoal,
  SUBJECT_LABELS,
  SUBJECTS,
  type Subject,
} from '@estudai/contract/constants';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useMe } from '../../../lib/me.ts';
import { toast } from '../../../lib/toast.ts';
import { useSetStudyPlan } from '../api/set-study-plan.ts';

const DISMISSED_KEY = 'estudai:study-plan-later';

const chip =
  'rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ' +
  'border-slate-300 text-slate-700 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-600 aria-pressed:text-white ' +
  'dark:border-slate-600 dark:text-slate-200';

/**
 * The first-run step (issue 21): a new person picks their goal and subjects, which seed 'Para
 * você'. Shown above the feed until answered, or until 'Agora não' on this device.
 */
export function StudyPlanPrompt() {
  const me = useMe();
  const save = useSetStudyPlan();
  const [goal, setGoal] = useState<StudyGoal>();
  const [subjects, setSubjects] = useState<Subject[]>([]);
  const [error, setError] = useState<string>();
  const [later, setLater] = useState(() => localStorage.getItem(DISMISSED_KEY) === '1');
  if (!me || me.studyPlan || later) return null;

  const toggle = (subject: Subject) =>
    setSubjects((chosen) =>
      chosen.includes(subject) ? chosen.filter((s) => s !== subject) : [...chosen, subject],
    );
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!goal) return setError(STUDY_PLAN_MESSAGES.goalInvalid);
    if (subjects.length === 0) return setError(STUDY_PLAN_MESSAGES.subjectsRequired);
    setError(undefined);
    save.mutate(
      { goal, subjects },
      {
        onSuccess: () => toast({ title: STUDY_PLAN_MESSAGES.saved }),
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const handleLater = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setLater(true);
  };

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
        <form onSubmit={handleSubmit} noValidate className="grid gap-3">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Seu objetivo</legend>
            <div className="flex flex-wrap gap-2">
              {STUDY_GOALS.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={goal === value}
                  onClick={() => setGoal(value)}
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
            <Button variant="ghost" onClick={handleLater}>
              Agora não
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}
