import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const paddings = { none: '', sm: 'p-4', md: 'p-5', lg: 'p-6' } as const;
const tones = {
  default: 'border-slate-200 dark:border-slate-700/60',
  highlight: 'border-amber-300 dark:border-amber-700/70',
} as const;

export type CardPadding = keyof typeof paddings;

/**
 * A white rounded box. Its padding and border colour are chosen with `padding` and `tone`, never
 * with a `p-*` or `border-*` in `className`: `cn` joins classes without merging them, and of two
 * `p-*` the stylesheet's order decides, not the one passed last (`p-0` and `p-4` lose to `p-5`).
 * `px-*`/`py-*` may still refine the padding.
 */
export function Card({
  padding = 'md',
  tone = 'default',
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { padding?: CardPadding; tone?: keyof typeof tones }) {
  return (
    <div
      className={cn(
        'rounded-2xl border bg-white shadow-sm dark:bg-slate-900',
        paddings[padding],
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
