import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

const radii = {
  none: 'rounded-none',
  lg: 'rounded-lg',
  xl: 'rounded-xl',
  '2xl': 'rounded-2xl',
  full: 'rounded-full',
} as const;

/**
 * A grey placeholder with the shape of what is loading. Its corners come from `radius`, not from
 * a `rounded-*` in `className`: `cn` does not merge, and `rounded-full` would lose to `rounded-lg`.
 */
export function Skeleton({
  radius = 'lg',
  className,
  ...props
}: HTMLAttributes<HTMLDivElement> & { radius?: keyof typeof radii }) {
  return (
    <div
      aria-hidden
      className={cn('animate-pulse bg-slate-200 dark:bg-slate-800', radii[radius], className)}
      {...props}
    />
  );
}
