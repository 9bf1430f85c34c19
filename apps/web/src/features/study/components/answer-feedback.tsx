import { correctShareLabel } from '@estudai/contract/constants';
import { Users } from 'lucide-react';
import { Explanation } from '../../../components/question/explanation.tsx';

/** After an answer: right or wrong, the explanation, and what the community answered. */
export function AnswerFeedback({
  isCorrect,
  explanation,
  community,
}: {
  isCorrect: boolean;
  explanation?: string;
  community?: { answersCount: number; correctPercentage: number };
}) {
  return (
    <div className="grid gap-2">
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
      {explanation && <Explanation text={explanation} />}
      {community && community.answersCount > 0 && (
        <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-300">
          <Users className="size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">{correctShareLabel(community.correctPercentage)}</strong> ·{' '}
            {community.answersCount} {community.answersCount === 1 ? 'resposta' : 'respostas'}
          </span>
        </p>
      )}
    </div>
  );
}
