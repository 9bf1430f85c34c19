import { STUDY_PATHS, type StudyStatsDetail } from '@estudai/contract/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatStudyTime } from '../../../lib/format.ts';
import { useStudyStats } from '../api/get-study-stats.ts';
import { subjectLabel } from '../study-format.ts';
import { StudyCalendar } from './study-calendar.tsx';
import { SubjectAccuracy } from './subject-accuracy.tsx';

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <div className="grid gap-0.5 rounded-xl bg-slate-50 p-2.5 text-center dark:bg-slate-800/60">
      <dt className="text-xs text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Issue 39: verified minutes today and this week, the 'ofensiva', and the week's minutes by subject. */
function VerifiedHours({ stats }: { stats: StudyStatsDetail }) {
  const { verifiedMinutesToday, verifiedMinutesWeek, verifiedMinutesWeekBySubject, streak } = stats;
  const most = Math.max(1, ...verifiedMinutesWeekBySubject.map((row) => row.minutes));
  return (
    <section aria-labelledby="study-verified" className="grid gap-3">
      <h2 id="study-verified" className="font-semibold">
        Horas verificadas
      </h2>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Verificadas hoje" value={formatStudyTime(verifiedMinutesToday)} />
        <Figure label="Nesta semana" value={formatStudyTime(verifiedMinutesWeek)} />
        <Figure label="Ofensiva" value={`${streak.days} ${streak.days === 1 ? 'dia' : 'dias'}`} />
      </dl>
      {verifiedMinutesWeekBySubject.length > 0 ? (
        <ul aria-label="Horas verificadas por matéria nesta semana" className="grid gap-2">
          {verifiedMinutesWeekBySubject.map((row) => (
            <li key={row.subject ?? 'none'} className="grid gap-1">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="min-w-0 truncate">{subjectLabel(row.subject)}</span>
                <span className="font-medium tabular-nums">{formatStudyTime(row.minutes)}</span>
              </div>
              <div aria-hidden="true" className="h-1.5 rounded-full bg-slate-100 dark:bg-slate-800">
                <div
                  className="h-1.5 rounded-full bg-emerald-500"
                  style={{ width: `${Math.max(4, Math.round((row.minutes / most) * 100))}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Nenhum bloco de foco verificado nesta semana.
        </p>
      )}
    </section>
  );
}

/**
 * The profile's study detail: verified hours, accuracy per subject, today's reviews (own profile) and
 * 12 weeks of activity. `after` (what the profile shows below it) shows once the detail has answered:
 * arriving, the detail is far taller than its placeholder and would push it down under a finger.
 */
export function StudyStatsSection({ userId, after }: { userId: string; after?: ReactNode }) {
  const stats = useStudyStats(userId);
  if (stats.isPending) {
    return (
      <Card padding="sm" role="status" aria-label="Carregando estatísticas" className="grid gap-3">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-24 w-full" />
      </Card>
    );
  }
  if (stats.isError) return after;
  const { accuracyBySubject, reviews, calendar } = stats.data;
  return (
    <>
      <Card padding="sm" className="grid gap-5">
        <VerifiedHours stats={stats.data} />
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
              <Figure label="Para agora" value={reviews.dueNow} />
              <Figure label="Para hoje" value={reviews.dueToday} />
              <Figure label="Feitas hoje" value={reviews.reviewedToday} />
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
      {after}
    </>
  );
}
