import { Check, Scissors, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { RichText } from '../rich-text/rich-text.tsx';
import { eliminatedOptions, saveEliminatedOptions } from './eliminated-options.ts';

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
  shares,
  eliminationKey,
}: {
  name: string;
  legend: string;
  options: string[];
  value: number | null;
  onChange: (index: number) => void;
  locked: boolean;
  correctAnswer?: number;
  /** Once answered: the share (0–1) of people who chose each option (issue 40); null under 10 answers. */
  shares?: number[] | null;
  /**
   * The question's key on the device ('postId:index'): while it is not answered, each alternative has
   * 'Eliminar alternativa' to strike it through (issue 40), remembered until the answer.
   */
  eliminationKey?: string;
}) {
  const [struck, setStruck] = useState<number[]>(() =>
    eliminationKey && !locked ? eliminatedOptions(eliminationKey) : [],
  );
  useEffect(() => {
    if (locked && eliminationKey) saveEliminatedOptions(eliminationKey, []);
  }, [locked, eliminationKey]);
  const toggle = (index: number) => {
    const next = struck.includes(index) ? struck.filter((other) => other !== index) : [...struck, index];
    setStruck(next);
    if (eliminationKey) saveEliminatedOptions(eliminationKey, next);
  };
  const canEliminate = Boolean(eliminationKey) && !locked;

  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option, index) => {
        const result = locked ? resultOf(index, value, correctAnswer) : null;
        const selected = value === index;
        const isStruck = canEliminate && struck.includes(index);
        const label = (
          <label
            // The options of a post never change order.
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's identity
            key={index}
            data-result={result ?? undefined}
            className={cn(
              'flex min-w-0 flex-1 items-start gap-3 rounded-xl border-2 px-3 py-2.5 text-sm transition-colors',
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
            <RichText
              as="span"
              text={option}
              className={cn('min-w-0 flex-1 pt-0.5', isStruck && 'text-slate-400 line-through')}
            />
            {locked && shares && shares[index] !== undefined && (
              <span className="shrink-0 pt-0.5 text-xs font-semibold tabular-nums opacity-80">
                {Math.round((shares[index] ?? 0) * 100)}%<span className="sr-only"> escolheram</span>
              </span>
            )}
            {result === 'correct' && <span className="sr-only"> (resposta correta)</span>}
            {result === 'wrong' && <span className="sr-only"> (sua resposta, incorreta)</span>}
          </label>
        );
        if (!canEliminate) return label;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the option's identity
          <div key={index} className="flex items-stretch gap-1">
            {label}
            <button
              type="button"
              aria-pressed={isStruck}
              aria-label={`Eliminar alternativa ${OPTION_LETTERS[index]}`}
              title={isStruck ? 'Trazer de volta' : 'Eliminar alternativa'}
              onClick={() => toggle(index)}
              className={cn(
                'flex w-10 shrink-0 items-center justify-center rounded-xl transition-colors',
                isStruck
                  ? 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
                  : 'text-slate-400 hover:bg-slate-50 hover:text-slate-600 dark:hover:bg-slate-800',
              )}
            >
              <Scissors className="size-4" aria-hidden />
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
