import {
  type DueItem,
  formatBrasilia,
  type ReviewCard as ReviewCardState,
  type ReviewRating,
  STUDY_LOOP_MESSAGES,
  STUDY_PATHS,
} from '@estudai/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, PartyPopper, RefreshCw, Undo2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDueReviews } from '../api/get-due-reviews.ts';
import { syncReviews, undoReview } from '../api/submit-review.ts';
import { FlashcardReview } from '../components/flashcard-review.tsx';
import { type Result, ReviewCard } from '../components/review-card.tsx';
import { StudyNav } from '../components/study-nav.tsx';
import { forgetSavedDueCard } from '../offline/due-cards-store.ts';
import { enqueueReview, type QueuedReview, readReviewQueue } from '../offline/review-queue.ts';
import { usePendingReviewCount } from '../offline/use-review-queue.ts';
import { intervalLabel, LEARN_AHEAD_MS, nextCards } from '../review-schedule.ts';
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

function Done({ nextDueAt }: { nextDueAt: Date | null }) {
  return (
    <Card className="grid justify-items-center gap-3 py-10 text-center">
      <PartyPopper className="size-10 text-indigo-500" aria-hidden />
      <p className="text-lg font-semibold">
        {nextDueAt
          ? STUDY_LOOP_MESSAGES.reviewNextDue(`em ${intervalLabel(new Date(), nextDueAt)}`)
          : STUDY_LOOP_MESSAGES.reviewDone}
      </p>
      {nextDueAt && (
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {formatBrasilia(nextDueAt, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            hour: '2-digit',
            minute: '2-digit',
          })}
        </p>
      )}
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
  const [cards, setCards] = useState<DueItem[] | null>(null);
  // '?baralho={id}' (from 'Cartões'): only that deck's flashcards among what is due.
  const [params] = useSearchParams();
  const deckId = params.get(DECK_PARAM);
  useEffect(() => {
    if (cards || !due.data || due.isFetching) return;
    const waiting = new Set(readReviewQueue(userId).map((review) => review.entryId));
    setCards(
      due.data.data.filter(
        (entry) => !waiting.has(entry.id) && (!deckId || (entry.kind === 'card' && entry.deckId === deckId)),
      ),
    );
  }, [cards, due.data, due.isFetching, userId, deckId]);
  return { due, cards };
}

const DECK_PARAM = 'baralho';

/** A rating given in this session, kept for 'Desfazer': the queue as it was before it. */
interface Rated {
  review: QueuedReview;
  queueBefore: DueItem[];
  doneBefore: number;
}

/**
 * The card to show: the first due now; else, with nothing else left, one whose learning step
 * comes due within LEARN_AHEAD_MS (Anki's 'learn ahead').
 */
function pickCurrent(queue: DueItem[], now: number): DueItem | undefined {
  const dueNow = queue.find((entry) => Date.parse(entry.card.due) <= now);
  if (dueNow) return dueNow;
  const soonest = [...queue].sort((a, b) => Date.parse(a.card.due) - Date.parse(b.card.due))[0];
  return soonest && Date.parse(soonest.card.due) - now <= LEARN_AHEAD_MS ? soonest : undefined;
}

/** The item as it comes back: its card after the rating; an entry's key known once answered. */
function requeued(entry: DueItem, card: ReviewCardState, result: Result | undefined): DueItem {
  // A flashcard (issue 42) has no key; an entry saved before `kind` existed counts as an entry.
  if (entry.kind === 'card' || !result) return { ...entry, card };
  return {
    ...entry,
    card,
    question: {
      ...entry.question,
      questionData: {
        ...entry.question.questionData,
        correctAnswer: result.correctAnswer,
        ...(result.explanation ? { explanation: result.explanation } : {}),
      },
    },
  };
}

function ReviewSession({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { due, cards } = useSession(userId);
  const [queue, setQueue] = useState<DueItem[] | null>(null);
  const [done, setDone] = useState(0);
  const [history, setHistory] = useState<Rated[]>([]);
  const [later, setLater] = useState<Map<string, Date>>(new Map());
  const [, setTick] = useState(0);
  const pending = usePendingReviewCount(userId);

  useEffect(() => {
    if (cards && !queue) setQueue(cards);
  }, [cards, queue]);

  const now = Date.now();
  const current = queue ? pickCurrent(queue, now) : undefined;
  // A card waiting for its learning step beyond the learn-ahead window: check again when it is due.
  const waitingUntil =
    queue && !current && queue.length > 0
      ? Math.min(...queue.map((entry) => Date.parse(entry.card.due)))
      : null;
  useEffect(() => {
    if (waitingUntil === null) return;
    const timer = window.setTimeout(
      () => setTick((n) => n + 1),
      Math.max(1000, waitingUntil - LEARN_AHEAD_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [waitingUntil]);

  const handleRated = (entry: DueItem, rating: ReviewRating, result?: Result) => {
    if (!queue) return;
    const reviewedAt = new Date();
    const review: QueuedReview = {
      entryId: entry.id,
      rating,
      clientId: crypto.randomUUID(),
      reviewedAt: reviewedAt.toISOString(),
    };
    enqueueReview(userId, review);
    forgetSavedDueCard(userId, entry.id);
    void syncReviews(queryClient, userId);
    const card = nextCards(entry.card, reviewedAt)[rating];
    const rest = queue.filter((item) => item.id !== entry.id);
    const comesBack = Date.parse(card.due) - reviewedAt.getTime() <= LEARN_AHEAD_MS;
    setHistory((items) => [...items, { review, queueBefore: queue, doneBefore: done }]);
    setQueue(comesBack ? [...rest, requeued(entry, card, result)] : rest);
    if (!comesBack) setDone((n) => n + 1);
    setLater((map) => new Map(map).set(entry.id, new Date(card.due)));
  };

  const handleUndo = () => {
    const last = history.at(-1);
    if (!last) return;
    setHistory((items) => items.slice(0, -1));
    setQueue(last.queueBefore);
    setDone(last.doneBefore);
    setLater((map) => {
      const next = new Map(map);
      next.delete(last.review.entryId);
      return next;
    });
    void undoReview(queryClient, userId, last.review).then(() =>
      toast({ title: STUDY_LOOP_MESSAGES.reviewUndone }),
    );
  };

  if (!queue) {
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

  const serverNext = due.data?.nextDueAt ? new Date(due.data.nextDueAt) : null;
  const nextDueAt =
    [
      ...later.values(),
      ...queue.map((entry) => new Date(entry.card.due)),
      ...(serverNext ? [serverNext] : []),
    ]
      .filter((date) => date.getTime() > now)
      .sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
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
      {(current || history.length > 0) && (
        <div className="flex items-center gap-3">
          <div className="min-w-0 flex-1">
            {current && <Progress current={done + 1} total={done + queue.length} />}
          </div>
          {history.length > 0 && (
            <Button variant="ghost" size="sm" onClick={handleUndo}>
              <Undo2 className="size-4" aria-hidden />
              Desfazer
            </Button>
          )}
        </div>
      )}
      {current?.kind === 'card' ? (
        <FlashcardReview
          key={`${current.id}:${current.card.reps}:${history.length}`}
          card={current}
          onRated={(rating) => handleRated(current, rating)}
        />
      ) : current ? (
        <ReviewCard
          key={`${current.id}:${current.card.reps}:${history.length}`}
          entry={current}
          onRated={(rating, result) => handleRated(current, rating, result)}
          onSkip={() =>
            setQueue((items) => (items ? [...items.filter((item) => item.id !== current.id)] : items))
          }
        />
      ) : (
        <Done nextDueAt={nextDueAt} />
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
