import { STUDY_PATHS } from '@estudai/contract/constants';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useStudyStats } from '../api/get-study-stats.ts';
import { StudyCalendar } from './study-calendar.tsx';
import { SubjectAccuracy } from './subject-accuracy.tsx';

function ReviewFigure({ label, value }: { label: string; value: number }) {
  return (
    <div className="grid gap-0.5 rounded-xl bg-slate-50 p-2.5 text-center dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** The profile's study detail: accuracy per subject, today's reviews (own profile) and 12 weeks of activity. */
export function StudyStatsSection({ userId }: { userId: string }) {
  const stats = useStudyStats(userId);
  if (stats.isPending) {
    return (
      <Card padding="sm" role="status" aria-label="Carregando estatísticas" className="grid gap-3">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  if (stats.isError) return null;
  const { accuracyBySubject, reviews, calendar } = stats.data;
  return (
    <Card padding="sm" className="grid gap-5">
      <section aria-labelledby="study-accuracy" className="grid gap-3">
        <h2 id="study-accuracy" className="font-semibold">
          Taxa de Acerto por matéria
        </h2>
        <SubjectAccuracy subjects={accuracyBySubject} />
      </section>
      {reviews && (
        <section aria-labelledby="study-reviews" className="grid gap-3">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="study-reviews" className="font-semibold">
              Revisões
            </h2>
            <Link
              to={STUDY_PATHS.review}
              className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            >
              Revisar agora
            </Link>
          </div>
          <dl className="grid grid-cols-3 gap-2">
            <ReviewFigure label="Para agora" value={reviews.dueNow} />
            <ReviewFigure label="Para hoje" value={reviews.dueToday} />
            <ReviewFigure label="Feitas hoje" value={reviews.reviewedToday} />
          </dl>
        </section>
      )}
      <section aria-labelledby="study-calendar" className="grid gap-3">
        <h2 id="study-calendar" className="font-semibold">
          Atividade nas últimas 12 semanas
        </h2>
        <StudyCalendar days={calendar} />
      </section>
    </Card>
  );
}
