import {
  type NotebookEntry,
  type ReviewRating,
  STUDY_LOOP_MESSAGES,
  STUDY_PATHS,
} from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, PartyPopper, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { useDueReviews } from '../api/get-due-reviews.ts';
import { syncReviews } from '../api/submit-review.ts';
import { ReviewCard } from '../components/review-card.tsx';
import { StudyNav } from '../components/study-nav.tsx';
import { forgetSavedDueCard } from '../offline/due-cards-store.ts';
import { enqueueReview, readReviewQueue } from '../offline/review-queue.ts';
import { usePendingReviewCount } from '../offline/use-review-queue.ts';
import { progressLabel } from '../study-format.ts';

function Progress({ current, total }: { current: number; total: number }) {
  return (
    <div className="flex items-center gap-3 text-sm font-medium text-slate-600 dark:text-slate-300">
      <span>{progressLabel(current, total)}</span>
      <div
        role="progressbar"
        aria-label="Progresso da revisão"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={current}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          className="h-full rounded-full bg-indigo-500 transition-[width]"
          style={{ width: `${(current / total) * 100}%` }}
        />
      </div>
    </div>
  );
}

function Done() {
  return (
    <Card className="grid justify-items-center gap-3 py-10 text-center">
      <PartyPopper className="size-10 text-indigo-500" aria-hidden />
      <p className="text-lg font-semibold">{STUDY_LOOP_MESSAGES.reviewDone}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={STUDY_PATHS.notebook} className={buttonClasses({ variant: 'outline' })}>
          Ver caderno
        </Link>
        <Link to={STUDY_PATHS.bank} className={buttonClasses()}>
          Praticar no banco
        </Link>
      </div>
    </Card>
  );
}

/**
 * The cards of this session, fixed once the due list arrives (reviews must not reshuffle it);
 * cards already reviewed and waiting in the offline queue are left out.
 */
function useSession(userId: string) {
  const due = useDueReviews(userId);
  const [cards, setCards] = useState<NotebookEntry[] | null>(null);
  useEffect(() => {
    if (cards || !due.data || due.isFetching) return;
    const waiting = new Set(readReviewQueue(userId).map((review) => review.entryId));
    setCards(due.data.data.filter((entry) => !waiting.has(entry.id)));
  }, [cards, due.data, due.isFetching, userId]);
  return { due, cards };
}

function ReviewSession({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { due, cards } = useSession(userId);
  const [index, setIndex] = useState(0);
  const pending = usePendingReviewCount(userId);

  const handleRated = (entry: NotebookEntry, rating: ReviewRating) => {
    enqueueReview(userId, {
      entryId: entry.id,
      rating,
      clientId: crypto.randomUUID(),
      reviewedAt: new Date().toISOString(),
    });
    forgetSavedDueCard(userId, entry.id);
    void syncReviews(queryClient, userId);
    setIndex((current) => current + 1);
  };

  if (!cards) {
    if (due.isError) {
      return (
        <Card role="alert" className="grid justify-items-center gap-3 text-center">
          <p className="font-medium">Não foi possível carregar a revisão.</p>
          <p className="text-sm text-slate-500 dark:text-slate-400">{due.error.message}</p>
          <Button variant="outline" onClick={() => void due.refetch()}>
            <RefreshCw className="size-4" aria-hidden />
            Tentar novamente
          </Button>
        </Card>
      );
    }
    return (
      <Card padding="sm" role="status" aria-label="Carregando revisão" className="grid gap-3">
        <Skeleton className="h-5 w-full" />
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-11 w-full" radius="xl" />
        ))}
      </Card>
    );
  }

  const current = cards[index];
  return (
    <>
      {due.data?.isOfflineCopy && (
        <p className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <CloudOff className="size-4 shrink-0" aria-hidden />
          Sem conexão: revisando as questões salvas neste aparelho.
        </p>
      )}
      {pending > 0 && (
        <p role="status" className="text-sm font-medium text-slate-600 dark:text-slate-300">
          {STUDY_LOOP_MESSAGES.reviewsWaitingSync(pending)}
        </p>
      )}
      {current ? (
        <>
          <Progress current={index + 1} total={cards.length} />
          <ReviewCard
            key={current.id}
            entry={current}
            onRated={(rating) => handleRated(current, rating)}
            onSkip={() => setIndex((position) => position + 1)}
          />
        </>
      ) : (
        <Done />
      )}
    </>
  );
}

/** /caderno/revisao: today's due cards one by one, reviewed online or offline. */
export function ReviewPage() {
  const { user } = useAuth();
  return (
    <Page title={STUDY_LOOP_MESSAGES.reviewTitle}>
      <StudyNav />
      {user && <ReviewSession key={user.id} userId={user.id} />}
    </Page>
  );
}
