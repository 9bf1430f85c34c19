import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const paddings = { none: '', sm: 'p-4', md: 'p-5', lg: 'p-6' } as const;

export type CardPadding = keyof typeof paddings;

/**
 * A white rounded box. Its padding is chosen with `padding`, never with a `p-*` in `className`:
 * `cn` joins classes without merging them, and of two `p-*` the stylesheet's order decides,
 * not the one passed last (`p-0` and `p-4` lose to `p-5`). `px-*`/`py-*` may still refine it.
 */
export function Card({
  padding = 'md',
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { padding?: CardPadding }) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-700/60 dark:bg-slate-900',
        paddings[padding],
        className,
      )}
      {...props}
    />
  );
}
