import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** A grey placeholder with the shape of what is loading. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800', className)}
      {...props}
    />
  );
}
