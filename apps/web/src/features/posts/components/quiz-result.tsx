import type { QuestionData, QuizAttemptResult } from '@estudai/contract/constants';
import { Check, RotateCcw, X } from 'lucide-react';
import { OPTION_LETTERS } from '../../../components/question/answer-options.tsx';
import { QuestionErrorActions } from '../../../components/question/question-error-actions.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { quizScoreTone } from '../quiz-score.ts';

const toneClasses = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-200',
};

export function QuizScoreBadge({ percentage }: { percentage: number }) {
  const tone = quizScoreTone(percentage);
  return (
    <span
      data-tone={tone}
      className={cn('rounded-full px-3 py-1 text-sm font-bold tabular-nums', toneClasses[tone])}
    >
      {percentage}%
    </span>
  );
}

function optionText(question: QuestionData | undefined, index: number) {
  const text = question?.options[index];
  return text === undefined ? OPTION_LETTERS[index] : `${OPTION_LETTERS[index]}) ${text}`;
}

/**
 * Spec §2: the score (right answers, total, percentage), each question reviewed with 'Reportar erro
 * na questão' (issue 40; its author's corrections instead), and a retry.
 */
export function QuizResult({
  result,
  questions,
  onRetry,
  quiz,
}: {
  result: QuizAttemptResult;
  questions: QuestionData[];
  onRetry: () => void;
  /** The quiz's post and author, for the error actions of each question. */
  quiz: { postId: string; authorId: string };
}) {
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
        <p className="text-sm" role="status">
          Você acertou{' '}
          <strong>
            {result.score} de {result.total}
          </strong>{' '}
          {result.total === 1 ? 'questão' : 'questões'}
        </p>
        <QuizScoreBadge percentage={result.percentage} />
      </div>
      <ol className="grid gap-3" aria-label="Revisão das questões">
        {result.review.map((item, index) => {
          const question = questions[index];
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the review follows the quiz order
              key={index}
              className="grid gap-1.5 rounded-xl border border-slate-200 p-3 text-sm dark:border-slate-700"
            >
              <p className="flex items-start gap-2 font-medium">
                {item.isCorrect ? (
                  <Check
                    className="mt-0.5 size-4 shrink-0 text-emerald-600"
                    aria-label="Acertou"
                    role="img"
                  />
                ) : (
                  <X className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Errou" role="img" />
                )}
                <span>
                  {index + 1}. <RichText as="span" text={question?.question ?? ''} />
                </span>
              </p>
              <p
                className={
                  item.isCorrect ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
                }
              >
                Sua resposta: <RichText as="span" text={optionText(question, item.optionIndex) ?? ''} />
              </p>
              {!item.isCorrect && (
                <p className="text-emerald-700 dark:text-emerald-400">
                  Resposta correta:{' '}
                  <RichText as="span" text={optionText(question, item.correctAnswer) ?? ''} />
                </p>
              )}
              {item.explanation && (
                <RichText text={item.explanation} className="text-slate-600 dark:text-slate-300" />
              )}
              {question && (
                <QuestionErrorActions
                  answered
                  question={{
                    postId: quiz.postId,
                    questionIndex: index,
                    authorId: quiz.authorId,
                    options: question.options,
                    correctAnswer: item.correctAnswer,
                  }}
                />
              )}
            </li>
          );
        })}
      </ol>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw className="size-4" aria-hidden />
        Tentar Novamente
      </Button>
    </div>
  );
}
