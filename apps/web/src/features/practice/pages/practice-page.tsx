import { PRACTICE_MESSAGES as M, SUBJECT_LABELS, SUBJECTS, type Subject } from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Target } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/list-states.tsx';
import { Page } from '../../../components/page.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { type PracticeFilters, practiceKeys, useMastery, usePracticeNext } from '../api/practice.ts';
import { MasteryMap } from '../components/mastery-map.tsx';
import { PracticeQuestion, PracticeReview } from '../components/practice-item.tsx';

const isSubject = (value: string | null): value is Subject => SUBJECTS.includes(value as Subject);

/** `/treino`: the adaptive practice loop (due cards first, then the questions that teach most) and the mastery map. */
export function PracticePage() {
  const [params, setParams] = useSearchParams();
  const subjectParam = params.get('materia');
  const filters: PracticeFilters = {
    subject: isSubject(subjectParam) ? subjectParam : '',
    topic: params.get('assunto') ?? '',
  };
  const [round, setRound] = useState(0);
  const queryClient = useQueryClient();
  const next = usePracticeNext(filters, round);
  const mastery = useMastery();
  const selectId = useId();
  // The map, under the question, shows once the first question has answered: arriving, the question
  // is far taller than its placeholder and would push the map down under a finger.
  const [questionShown, setQuestionShown] = useState(false);
  if (!questionShown && !next.isPending) setQuestionShown(true);

  const goNext = () => {
    void queryClient.invalidateQueries({ queryKey: practiceKeys.mastery() });
    queryClient.removeQueries({ queryKey: practiceKeys.next(filters, round) });
    setRound((value) => value + 1);
  };
  const choose = (subject: Subject | '', topic: string | null) => {
    const search = new URLSearchParams();
    if (subject) search.set('materia', subject);
    if (topic) search.set('assunto', topic);
    setParams(search);
    setRound((value) => value + 1);
    window.scrollTo({ top: 0 });
  };

  return (
    <Page title={M.practiceTitle}>
      <div className="grid gap-5 p-4">
        <p className="text-sm text-slate-600 dark:text-slate-300">{M.practiceIntro}</p>
        <div className="grid gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            Matéria
          </label>
          <select
            id={selectId}
            className="h-11 rounded-xl border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
            value={filters.subject}
            onChange={(event) => choose(event.target.value as Subject | '', null)}
          >
            <option value="">{M.allSubjects}</option>
            {SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {SUBJECT_LABELS[subject]}
              </option>
            ))}
          </select>
          {filters.topic && (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              Assunto: <strong>{filters.topic}</strong>{' '}
              <button
                type="button"
                className="text-indigo-700 underline dark:text-indigo-300"
                onClick={() => choose(filters.subject, null)}
              >
                ver todos
              </button>
            </p>
          )}
        </div>

        <section aria-label="Questão do treino" className="grid gap-3">
          {next.isPending ? (
            <Skeleton className="h-64" />
          ) : next.isError ? (
            <ErrorState
              title="Não foi possível carregar a próxima questão."
              error={next.error}
              onRetry={goNext}
            />
          ) : next.data.kind === 'review' ? (
            <PracticeReview key={next.data.item.id} entry={next.data.item} onNext={goNext} />
          ) : next.data.item ? (
            <PracticeQuestion
              key={`${next.data.item.postId}:${next.data.item.questionIndex}`}
              question={next.data.item}
              onNext={goNext}
            />
          ) : (
            <EmptyState icon={Target} title="Tudo em dia">
              {M.nothingLeft}
            </EmptyState>
          )}
        </section>

        {questionShown && (
          <section aria-labelledby="mastery-title" className="grid gap-3">
            <h2 id="mastery-title" className="text-lg font-semibold">
              {M.masteryTitle}
            </h2>
            {mastery.isPending ? (
              <Skeleton className="h-32" />
            ) : mastery.isError ? (
              <ErrorState
                title="Não foi possível carregar o mapa de domínio."
                error={mastery.error}
                onRetry={() => void mastery.refetch()}
              />
            ) : (
              <MasteryMap cells={mastery.data} onTrain={(subject, topic) => choose(subject, topic)} />
            )}
          </section>
        )}
      </div>
    </Page>
  );
}
