import {
  type AnswerResult,
  type BankQuestion,
  PRACTICE_MESSAGES as M,
  type NotebookEntry,
  REVIEW_RATING_LABELS,
  REVIEW_RATINGS,
} from '@estudai/contract/constants';
import { useId, useState } from 'react';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { Explanation } from '../../../components/question/explanation.tsx';
import { QuestionErrorActions } from '../../../components/question/question-error-actions.tsx';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAnswerPracticeQuestion, useReviewPracticeCard } from '../api/practice.ts';
import { Resolutions } from './resolutions.tsx';

function Statement({ question, badge }: { question: BankQuestion; badge: string }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone="violet">{badge}</Badge>
        <QuestionMetaChips meta={question.questionData} />
      </div>
      <RichText text={question.questionData.question} className="font-medium" />
      <QuestionImage image={question.questionData.image} />
    </>
  );
}

function Verdict({ isCorrect }: { isCorrect: boolean }) {
  return (
    <p
      role="status"
      className={
        isCorrect
          ? 'text-sm font-semibold text-emerald-700 dark:text-emerald-400'
          : 'text-sm font-semibold text-red-700 dark:text-red-400'
      }
    >
      {isCorrect ? 'Você acertou!' : 'Resposta incorreta.'}
    </p>
  );
}

/** A new question: choose, 'Responder', then the key, the explanation and the resolutions. */
export function PracticeQuestion({ question, onNext }: { question: BankQuestion; onNext: () => void }) {
  const name = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [result, setResult] = useState<AnswerResult | null>(null);
  const answer = useAnswerPracticeQuestion();
  const data = question.questionData;
  return (
    <Card padding="sm" className="grid gap-3">
      <Statement question={question} badge={M.questionBadge} />
      <AnswerOptions
        name={name}
        legend="Alternativas"
        options={data.options}
        value={result ? result.optionIndex : choice}
        onChange={setChoice}
        locked={result !== null}
        correctAnswer={result?.correctAnswer}
        shares={result?.optionShares}
        eliminationKey={`${question.postId}:${question.questionIndex}`}
      />
      {result ? (
        <>
          <Verdict isCorrect={result.isCorrect} />
          {result.explanation && <Explanation text={result.explanation} />}
          <QuestionErrorActions
            answered
            question={{
              postId: question.postId,
              questionIndex: question.questionIndex,
              authorId: question.author.id,
              options: data.options,
              correctAnswer: result.correctAnswer,
              status: question.questionStatus,
            }}
          />
          <Resolutions question={question} />
          <Button onClick={onNext}>{M.nextItem}</Button>
        </>
      ) : (
        <Button
          disabled={choice === null || answer.isPending}
          onClick={() => {
            if (choice !== null) answer.mutate({ question, optionIndex: choice }, { onSuccess: setResult });
          }}
        >
          {answer.isPending ? 'Enviando...' : 'Responder'}
        </Button>
      )}
    </Card>
  );
}

/** A due caderno card: answer again, check against the key, then rate how it went (FSRS). */
export function PracticeReview({ entry, onNext }: { entry: NotebookEntry; onNext: () => void }) {
  const name = useId();
  const [choice, setChoice] = useState<number | null>(null);
  const [checked, setChecked] = useState(false);
  const review = useReviewPracticeCard();
  const data = entry.question.questionData;
  return (
    <Card padding="sm" className="grid gap-3">
      <Statement question={entry.question} badge={M.reviewBadge} />
      <AnswerOptions
        name={name}
        legend="Alternativas"
        options={data.options}
        value={choice}
        onChange={setChoice}
        locked={checked}
        correctAnswer={checked ? data.correctAnswer : undefined}
        eliminationKey={`${entry.question.postId}:${entry.question.questionIndex}`}
      />
      {checked ? (
        <>
          <Verdict isCorrect={choice === data.correctAnswer} />
          {data.explanation && <Explanation text={data.explanation} />}
          {/* A card added by hand may never have been answered: its resolutions wait for an answer. */}
          {entry.question.viewerAnswer !== null && <Resolutions question={entry.question} />}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Como foi?</legend>
            <div className="grid grid-cols-4 gap-2">
              {REVIEW_RATINGS.map((rating) => (
                <Button
                  key={rating}
                  variant="outline"
                  size="sm"
                  disabled={review.isPending}
                  onClick={() => review.mutate({ entryId: entry.id, rating }, { onSuccess: onNext })}
                >
                  {REVIEW_RATING_LABELS[rating]}
                </Button>
              ))}
            </div>
          </fieldset>
        </>
      ) : (
        <Button disabled={choice === null} onClick={() => setChecked(true)}>
          Conferir
        </Button>
      )}
    </Card>
  );
}
