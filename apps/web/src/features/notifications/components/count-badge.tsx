import { UNREAD_BADGE_CAP } from '@estudai/contract/constants';
import { cn } from '../../../lib/cn.ts';

/** Spec §4 and §9: the count, or '9+' above 9. */
const formatCount = (count: number) => (count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count));

/** A round red count; `label` is what a screen reader says instead. Nothing when the count is 0. */
export function CountBadge({
  count,
  label,
  className,
}: {
  count: number;
  label: string;
  className?: string;
}) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] leading-none font-semibold text-white',
        className,
      )}
    >
      <span aria-hidden>{formatCount(count)}</span>
      <span className="sr-only">{`, ${label}`}</span>
    </span>
  );
}
