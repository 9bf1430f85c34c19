import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

const textareaClasses = cn(
  'w-full resize-y rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900',
  'placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500/40',
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
);

const minHeights = { md: 'min-h-24', sm: 'min-h-16' } as const;

/** A text box at least 96 px tall, or 64 px with `size="sm"` (a `min-h-*` in `className` would fight it). */
export function Textarea({
  size = 'md',
  className,
  ...props
}: ComponentProps<'textarea'> & { size?: keyof typeof minHeights }) {
  return <textarea className={cn(textareaClasses, minHeights[size], className)} {...props} />;
}
