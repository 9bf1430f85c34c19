import type { Post, QuizAttemptResult } from '@estudai/contract/constants';
import { useId, useState } from 'react';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { AuthorKey } from '../../../components/question/author-key.tsx';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useSubmitQuizAttempt } from '../api/submit-quiz-attempt.ts';

// Its own chunk: a quiz's score shows after an attempt, never on the feed's first screen (budget).
const QuizResult = lazyPart(() => import('./quiz-result.tsx'), 'QuizResult');

/**
 * Spec §2: one question at a time with 'Anterior' and 'Próxima' ('Finalizar' on the last); the
 * server grades the attempt. The latest attempt shows until 'Tentar Novamente'.
 */
export function QuizBody({ post }: { post: Post }) {
  const name = useId();
  const { user } = useAuth();
  const submit = useSubmitQuizAttempt(post);
  const [retrying, setRetrying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [answers, setAnswers] = useState<(number | null)[]>([]);
  const data = post.questionSetData;
  if (!data || data.questions.length === 0) return null;

  if (user?.id === post.author.id && !post.viewerQuizAttempt)
    return (
      <div className="grid gap-3">
        {post.content && <RichText text={post.content} />}
        {data.title && <h2 className="text-base font-semibold">{data.title}</h2>}
        {/* Its author does not take it: each question with its key (issue 36). */}
        <ol className="grid gap-4">
          {data.questions.map((question, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a quiz's questions never change order
            <li key={index} className="grid gap-2">
              <p className="text-xs text-slate-500 dark:text-slate-400">
                Questão {index + 1} de {data.questions.length}
              </p>
              <QuestionMetaChips meta={question} />
              <RichText text={question.question} className="font-medium" />
              <QuestionImage image={question.image} />
              <QuestionImage image={question.image} />
              <AnswerOptions
                name={`${name}-${index}`}
                legend="Alternativas"
                options={question.options}
                value={null}
                onChange={() => {}}
                locked
                correctAnswer={question.correctAnswer}
              />
              <AuthorKey correctAnswer={question.correctAnswer} explanation={question.explanation} />
            </li>
          ))}
        </ol>
      </div>
    );

  const result: QuizAttemptResult | null = retrying ? null : (post.viewerQuizAttempt ?? null);
  const total = data.questions.length;
  const question = data.questions[current];
  const chosen = answers[current] ?? null;
  const isLast = current === total - 1;

  const handleRetry = () => {
    setAnswers([]);
    setCurrent(0);
    setRetrying(true);
  };

  const handleNext = () => {
    if (!isLast) {
      setCurrent(current + 1);
      return;
    }
    const complete = data.questions.map((_, index) => answers[index] ?? -1);
    if (complete.includes(-1)) return;
    submit.mutate({ postId: post.id, answers: complete }, { onSuccess: () => setRetrying(false) });
  };

  return (
    <div className="grid gap-3">
      {post.content && <RichText text={post.content} />}
      {data.title && <h2 className="text-base font-semibold">{data.title}</h2>}
      {result ? (
        <QuizResult
          result={result}
          questions={data.questions}
          onRetry={handleRetry}
          quiz={{ postId: post.id, authorId: post.author.id }}
        />
      ) : (
        question && (
          <>
            <div className="flex items-center gap-3 text-xs text-slate-500 dark:text-slate-400">
              <span>
                Questão {current + 1} de {total}
              </span>
              <div
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                aria-hidden
              >
                <div
                  className="h-full rounded-full bg-indigo-500 transition-[width]"
                  style={{ width: `${((current + 1) / total) * 100}%` }}
                />
              </div>
            </div>
            <QuestionMetaChips meta={question} />
            <RichText text={question.question} className="font-medium" />
            <QuestionImage image={question.image} />
            <AnswerOptions
              key={current}
              name={`${name}-${current}`}
              eliminationKey={`${post.id}:${current}`}
              legend="Alternativas"
              options={question.options}
              value={chosen}
              onChange={(index) =>
                setAnswers((previous) => {
                  const next = [...previous];
                  next[current] = index;
                  return next;
                })
              }
              locked={false}
            />
            <div className="flex gap-2">
              <Button
                variant="outline"
                className="flex-1"
                disabled={current === 0}
                onClick={() => setCurrent(current - 1)}
              >
                Anterior
              </Button>
              <Button className="flex-1" disabled={chosen === null || submit.isPending} onClick={handleNext}>
                {isLast ? (submit.isPending ? 'Enviando...' : 'Finalizar') : 'Próxima'}
              </Button>
            </div>
          </>
        )
      )}
    </div>
  );
}
