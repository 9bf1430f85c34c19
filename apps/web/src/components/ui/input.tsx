import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClasses = cn(
  'h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900',
  'placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500/40',
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
  'aria-invalid:border-red-500',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}

/**
 * A label above its control and an optional `hint` below it; `children` receives the id to put on
 * the control and the hint's id, for its aria-describedby.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: (ids: { id: string; errorId?: string; hintId?: string }) => ReactNode;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </label>
      {children({ id, errorId, hintId })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
