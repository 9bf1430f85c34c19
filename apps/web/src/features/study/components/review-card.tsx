import {
  type NotebookEntry,
  REVIEW_RATING_LABELS,
  REVIEW_RATINGS,
  type ReviewRating,
} from '@estudai/contract/constants';
import { useEffect, useId, useRef, useState } from 'react';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { answerBankQuestion } from '../api/answer-bank-question.ts';
import { AnswerFeedback } from './answer-feedback.tsx';

interface Result {
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

function RatingChoice({
  value,
  onChange,
}: {
  value: ReviewRating;
  onChange: (rating: ReviewRating) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">
        Como foi lembrar desta questão?
      </legend>
      <div className="grid grid-cols-4 gap-2">
        {REVIEW_RATINGS.map((rating) => (
          <label
            key={rating}
            className={cn(
              'flex h-11 cursor-pointer items-center justify-center rounded-xl border-2 px-1 text-sm font-medium transition-colors',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500',
              value === rating
                ? 'border-indigo-500 bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-100'
                : 'border-slate-200 hover:border-indigo-300 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name="review-rating"
              value={rating}
              className="sr-only"
              checked={value === rating}
              onChange={() => onChange(rating)}
            />
            {REVIEW_RATING_LABELS[rating]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * One card of the review: answer without the key, see the result, rate it, 'Continuar'. A card that
 * needs the server to be corrected (never answered) can be skipped while offline.
 */
export function ReviewCard({
  entry,
  onRated,
  onSkip,
}: {
  entry: NotebookEntry;
  onRated: (rating: ReviewRating) => void;
  onSkip: () => void;
}) {
  const name = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [rating, setRating] = useState<ReviewRating>('good');
  const [judging, setJudging] = useState(false);
  const [needsConnection, setNeedsConnection] = useState(false);
  const continueRef = useRef<HTMLButtonElement>(null);
  const data = entry.question.questionData;

  // 'Responder' is gone once answered: focus moves to 'Continuar', brought to the middle of the
  // screen, clear of the tab bar and the study timer floating at the bottom.
  useEffect(() => {
    if (!result) return;
    continueRef.current?.focus({ preventScroll: true });
    continueRef.current?.scrollIntoView?.({ block: 'center' });
  }, [result]);

  const handleAnswer = async () => {
    if (choice === null || judging) return;
    setJudging(true);
    try {
      const judged = await judge(entry, choice);
      setResult(judged);
      setRating(presetRating(judged.chosen === judged.correctAnswer));
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
      <AnswerOptions
        name={name}
        legend="Alternativas"
        options={data.options}
        value={result ? result.chosen : choice}
        onChange={setChoice}
        locked={result !== null}
        correctAnswer={result?.correctAnswer}
      />
      {result ? (
        <>
          <AnswerFeedback
            isCorrect={result.chosen === result.correctAnswer}
            explanation={result.explanation}
          />
          <RatingChoice value={rating} onChange={setRating} />
          <button ref={continueRef} type="button" className={buttonClasses()} onClick={() => onRated(rating)}>
            Continuar
          </button>
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
