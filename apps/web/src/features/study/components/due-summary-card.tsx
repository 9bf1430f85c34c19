import { STUDY_LOOP_MESSAGES, STUDY_PATHS } from '@estudai/contract/constants';
import { Repeat } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DueBadge } from './due-badge.tsx';

/** The caderno's call to review: how many cards are due now, and the way to the review. */
export function DueSummaryCard({ dueNow }: { dueNow: number }) {
  return (
    <Card padding="sm" className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 items-center gap-2">
        <Repeat className="size-5 shrink-0 text-indigo-500" aria-hidden />
        <p className="font-semibold">{STUDY_LOOP_MESSAGES.reviewTitle}</p>
        <DueBadge count={dueNow} />
      </div>
      {dueNow > 0 ? (
        <Link to={STUDY_PATHS.review} className={buttonClasses({ size: 'sm' })}>
          Revisar {dueNow} {dueNow === 1 ? 'questão' : 'questões'}
        </Link>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">{STUDY_LOOP_MESSAGES.reviewDone}</p>
      )}
    </Card>
  );
}
