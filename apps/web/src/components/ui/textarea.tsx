import type { TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export const textareaClasses = cn(
  'min-h-24 w-full resize-y rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900',
  'placeholder:text-slate-400 focus-visible:border-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-500/40',
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
);

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(textareaClasses, className)} {...props} />;
}
