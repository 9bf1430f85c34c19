import type { Post } from '@estudai/contract/constants';
import { useId, useState } from 'react';
import { AnswerOptions } from '../../../components/question/answer-options.tsx';
import { AuthorKey } from '../../../components/question/author-key.tsx';
import { Explanation } from '../../../components/question/explanation.tsx';
import { QuestionImage } from '../../../components/question/question-image.tsx';
import { QuestionMetaChips } from '../../../components/question/question-meta.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { useAnswerQuestion } from '../api/answer-question.ts';
import { errorActionsQuestion } from './question-actions-ref.ts';

// 'Reportar erro na questão' and the author's corrections (issue 40) load with the first answered
// question: not with the feed's first screen.
const QuestionErrorActions = lazyPart(
  () => import('../../../components/question/question-error-actions.tsx'),
  'QuestionErrorActions',
);

/**
 * Spec §2: choose, 'Responder', then the key shows and the options lock (also after a reload). Its
 * author does not answer: they see the key (issue 36).
 */
export function QuestionBody({ post }: { post: Post }) {
  const name = useId();
  const { user } = useAuth();
  const [choice, setChoice] = useState<number | null>(null);
  const answer = useAnswerQuestion(post);
  const data = post.questionData;
  if (!data) return null;

  const answered = post.viewerAnswer ?? null;
  const isAuthor = user?.id === post.author.id;
  const locked = answered !== null || isAuthor;
  const isCorrect = locked && answered === data.correctAnswer;

  return (
    <div className="grid gap-3">
      {post.content && <RichText text={post.content} />}
      <QuestionMetaChips meta={data} />
      <RichText text={data.question} className="font-medium" />
      <QuestionImage image={data.image} own={isAuthor} />
      <AnswerOptions
        name={name}
        legend="Alternativas"
        options={data.options}
        value={locked ? answered : choice}
        onChange={setChoice}
        locked={locked}
        correctAnswer={locked ? data.correctAnswer : undefined}
        shares={answer.data?.optionShares}
        eliminationKey={`${post.id}:0`}
      />
      {isAuthor && answered === null ? (
        <AuthorKey correctAnswer={data.correctAnswer} explanation={data.explanation} />
      ) : locked ? (
        <>
          {data.correctAnswer !== undefined && (
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
          )}
          {data.explanation && <Explanation text={data.explanation} />}
        </>
      ) : (
        <Button
          disabled={choice === null || answer.isPending}
          onClick={() => {
            if (choice !== null) answer.mutate({ postId: post.id, optionIndex: choice });
          }}
        >
          {answer.isPending ? 'Enviando...' : 'Responder'}
        </Button>
      )}
      {locked && (
        <QuestionErrorActions answered={answered !== null} question={errorActionsQuestion(post, data)} />
      )}
    </div>
  );
}
