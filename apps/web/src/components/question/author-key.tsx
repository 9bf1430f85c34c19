import { PenLine } from 'lucide-react';
import { OPTION_LETTERS } from './answer-options.tsx';
import { Explanation } from './explanation.tsx';

/**
 * What the author of a question sees instead of 'Responder': they wrote the key, so they do not
 * answer (issue 36); the key and the explanation show as they wrote them.
 */
export function AuthorKey({ correctAnswer, explanation }: { correctAnswer?: number; explanation?: string }) {
  return (
    <div className="grid gap-2">
      <p role="note" className="flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
        <PenLine className="size-4 shrink-0" aria-hidden />
        <span>
          Sua questão
          {correctAnswer !== undefined && (
            <>
              : a resposta correta é a{' '}
              <strong className="font-semibold">{OPTION_LETTERS[correctAnswer]}</strong>
            </>
          )}
          .
        </span>
      </p>
      {explanation && <Explanation text={explanation} />}
    </div>
  );
}
