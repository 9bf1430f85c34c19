import { cn } from '../../../lib/cn.ts';

/** Every question as a numbered button: answered, marked for review, the current one. */
export function QuestionMap({
  total,
  current,
  answers,
  marks,
  onGo,
}: {
  total: number;
  current: number;
  answers: Map<number, number>;
  marks: Set<number>;
  onGo: (index: number) => void;
}) {
  return (
    <nav aria-label="Mapa de questões">
      <ol className="grid grid-cols-[repeat(auto-fill,minmax(2.75rem,1fr))] gap-2">
        {Array.from({ length: total }, (_, index) => {
          const answered = answers.has(index);
          const marked = marks.has(index);
          const state = [answered ? 'respondida' : 'em branco', marked ? 'marcada para revisar' : null]
            .filter(Boolean)
            .join(', ');
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a question's place is its identity
            <li key={index}>
              <button
                type="button"
                aria-label={`Questão ${index + 1}: ${state}`}
                aria-current={index === current ? 'step' : undefined}
                onClick={() => onGo(index)}
                className={cn(
                  'relative flex size-11 items-center justify-center rounded-xl border-2 text-sm font-semibold',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                  answered
                    ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500'
                    : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200',
                  index === current && 'ring-2 ring-amber-400 ring-offset-2 dark:ring-offset-slate-950',
                )}
              >
                {index + 1}
                {marked && (
                  <span className="absolute -top-1 -right-1 size-3 rounded-full border-2 border-white bg-amber-500 dark:border-slate-950" />
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
