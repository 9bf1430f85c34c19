import { Check, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { RichText } from '../rich-text/rich-text.tsx';

export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];

type OptionResult = 'correct' | 'wrong' | 'neutral';

function resultOf(index: number, chosen: number | null, correct: number | undefined): OptionResult {
  if (correct !== undefined && index === correct) return 'correct';
  if (index === chosen) return 'wrong';
  return 'neutral';
}

const resultClasses: Record<OptionResult, string> = {
  correct: 'border-emerald-500 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  wrong: 'border-red-500 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  neutral: 'border-slate-200 opacity-70 dark:border-slate-700',
};

/**
 * The alternatives of a question as radio buttons. Once `locked`, the correct one turns green and a
 * wrong choice red, and nothing can be changed.
 */
/** An option as a screen reader should say it: without the $…$ and **…** marks. */
const spokenText = (text: string) =>
  text
    .replace(/\$\$?|\*\*/g, '')
    .replace(/\s+/g, ' ')
    .trim();

export function AnswerOptions({
  name,
  legend,
  options,
  value,
  onChange,
  locked,
  correctAnswer,
}: {
  name: string;
  legend: string;
  options: string[];
  value: number | null;
  onChange: (index: number) => void;
  locked: boolean;
  correctAnswer?: number;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option, index) => {
        const result = locked ? resultOf(index, value, correctAnswer) : null;
        const selected = value === index;
        return (
          <label
            // The options of a post never change order.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's identity
            key={index}
            data-result={result ?? undefined}
            className={cn(
              'flex items-start gap-3 rounded-xl border-2 px-3 py-2.5 text-sm transition-colors',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-500',
              result
                ? resultClasses[result]
                : selected
                  ? 'cursor-pointer border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
                  : 'cursor-pointer border-slate-200 hover:border-indigo-300 dark:border-slate-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={index}
              checked={selected}
              disabled={locked}
              onChange={() => onChange(index)}
              // Formulas typeset by KaTeX give some checkers no text: the name is spelled out here.
              aria-label={`${spokenText(option) || `Alternativa ${OPTION_LETTERS[index]}`}${
                result === 'correct'
                  ? ' (resposta correta)'
                  : result === 'wrong'
                    ? ' (sua resposta, incorreta)'
                    : ''
              }`}
              className="sr-only"
            />
            <span
              aria-hidden
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                selected ? 'border-current' : 'border-slate-300 dark:border-slate-600',
              )}
            >
              {result === 'correct' ? (
                <Check className="size-4" />
              ) : result === 'wrong' ? (
                <X className="size-4" />
              ) : (
                OPTION_LETTERS[index]
              )}
            </span>
            <RichText as="span" text={option} className="min-w-0 flex-1 pt-0.5" />
            {result === 'correct' && <span className="sr-only"> (resposta correta)</span>}
            {result === 'wrong' && <span className="sr-only"> (sua resposta, incorreta)</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
