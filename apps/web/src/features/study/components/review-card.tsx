import {
  type NotebookEntry,
  REVIEW_RATING_LABELS,
  REVIEW_RATINGS,
  type ReviewCard as ReviewCardState,
  type ReviewRating,
} from '@estudai/contract/constants';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { answerBankQuestion } from '../api/answer-bank-question.ts';
import { intervalLabel, nextCards } from '../review-schedule.ts';
import { AnswerFeedback } from './answer-feedback.tsx';

export interface Result {
  chosen: number;
  correctAnswer: number;
  explanation?: string;
}

/** The rating the result suggests: a miss is 'Errei', a hit 'Bom'; the student may pick another. */
const presetRating = (isCorrect: boolean): ReviewRating => (isCorrect ? 'good' : 'again');

/**
 * How the student answered, judged here when the card carries its key (it came from an answer of
 * theirs); a question added by hand and never answered is answered through the server first.
 */
async function judge(entry: NotebookEntry, chosen: number): Promise<Result> {
  const { correctAnswer, explanation } = entry.question.questionData;
  if (correctAnswer !== undefined) return { chosen, correctAnswer, explanation };
  const reply = await answerBankQuestion(entry.question, chosen);
  return { chosen, correctAnswer: reply.correctAnswer, explanation: reply.explanation };
}

const RATING_KEYS: Record<string, ReviewRating> = { '1': 'again', '2': 'hard', '3': 'good', '4': 'easy' };

/**
 * The four ratings, one tap each, every button with the interval it gives ('Errei · 1 min',
 * 'Bom · 10 min', 'Fácil · 4 dias'); keys 1 to 4 on a keyboard. The one the result suggests stands out.
 */
export function RatingButtons({
  card,
  suggested,
  onRate,
  legend = 'Como foi lembrar desta questão?',
}: {
  card: ReviewCardState;
  suggested: ReviewRating;
  onRate: (rating: ReviewRating) => void;
  legend?: string;
}) {
  const [now] = useState(() => new Date());
  const next = nextCards(card, now);
  const rateRef = useRef(onRate);
  rateRef.current = onRate;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input:not([type=radio]), textarea, select, [contenteditable=true]')) return;
      const rating = RATING_KEYS[event.key];
      if (!rating) return;
      event.preventDefault();
      rateRef.current(rating);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {REVIEW_RATINGS.map((rating, index) => (
          <button
            key={rating}
            type="button"
            aria-keyshortcuts={String(index + 1)}
            data-suggested={rating === suggested || undefined}
            className={cn(
              buttonClasses({ variant: rating === suggested ? 'primary' : 'outline' }),
              'h-auto min-h-11 flex-col gap-0 px-2 py-1.5 leading-tight',
            )}
            onClick={() => onRate(rating)}
          >
            <span>
              {REVIEW_RATING_LABELS[rating]} · {intervalLabel(now, new Date(next[rating].due))}
            </span>
            <span aria-hidden className="hidden text-xs opacity-70 sm:inline">
              tecla {index + 1}
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One card of the review: answer without the key, see the result, rate it in one tap. A card that
 * needs the server to be corrected (never answered) can be skipped while offline.
 */
export function ReviewCard({
  entry,
  onRated,
  onSkip,
}: {
  entry: NotebookEntry;
  onRated: (rating: ReviewRating, result: Result) => void;
  onSkip: () => void;
}) {
  const name = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [suggested, setSuggested] = useState<ReviewRating>('good');
  const [judging, setJudging] = useState(false);
  const [needsConnection, setNeedsConnection] = useState(false);
  const ratingsRef = useRef<HTMLDivElement>(null);
  const data = entry.question.questionData;

  // 'Responder' is gone once answered: focus moves to the suggested rating, brought to the middle of
  // the screen, clear of the tab bar and the study timer floating at the bottom. A layout effect: the
  // focus moves in the same commit that removed 'Responder', never a moment later on <body>.
  useLayoutEffect(() => {
    if (!result) return;
    const button = ratingsRef.current?.querySelector<HTMLButtonElement>('[data-suggested]');
    button?.focus({ preventScroll: true });
    button?.scrollIntoView?.({ block: 'center' });
  }, [result]);

  const handleAnswer = async () => {
    if (choice === null || judging) return;
    setJudging(true);
    try {
      const judged = await judge(entry, choice);
      setResult(judged);
      setSuggested(presetRating(judged.chosen === judged.correctAnswer));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) setNeedsConnection(true);
      else toast({ title: 'Erro', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setJudging(false);
    }
  };

  return (
    <Card padding="sm" className="grid gap-3">
      <QuestionMetaChips meta={data} />
      <RichText text={data.question} className="font-medium" />
      <QuestionImage image={data.image} />
      <AnswerOptions
        name={name}
        legend="Alternativas"
        options={data.options}
        value={result ? result.chosen : choice}
        onChange={setChoice}
        locked={result !== null}
        correctAnswer={result?.correctAnswer}
        eliminationKey={`${entry.question.postId}:${entry.question.questionIndex}`}
      />
      {result ? (
        <>
          <AnswerFeedback
            isCorrect={result.chosen === result.correctAnswer}
            explanation={result.explanation}
          />
          <div ref={ratingsRef}>
            <RatingButtons
              card={entry.card}
              suggested={suggested}
              onRate={(rating) => onRated(rating, result)}
            />
          </div>
        </>
      ) : (
        <>
          {needsConnection && (
            <p role="alert" className="text-sm text-amber-800 dark:text-amber-200">
              Sem conexão: esta questão ainda não foi respondida e precisa da internet para ser corrigida.
            </p>
          )}
          <Button disabled={choice === null || judging} onClick={() => void handleAnswer()}>
            {judging ? 'Enviando...' : 'Responder'}
          </Button>
          {needsConnection && (
            <Button variant="outline" onClick={onSkip}>
              Pular por enquanto
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
