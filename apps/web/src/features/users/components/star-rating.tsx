import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatRatingOutOfFive } from '../../../lib/format.ts';

/** Five stars filled to the rating, with 'x/5' beside them. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const label = formatRatingOutOfFive(rating);
  return (
    // Wraps in a narrow tile: the figure goes under the stars rather than out of the box.
    <span className={cn('inline-flex flex-wrap items-center gap-x-1', className)}>
      <span role="img" aria-label={`Avaliação ${label}`} className="inline-flex">
        {[1, 2, 3, 4, 5].map((position) => (
          <Star
            key={position}
            aria-hidden
            className={cn(
              'size-4',
              rating >= position - 0.5
                ? 'fill-amber-400 text-amber-400'
                : 'fill-transparent text-slate-300 dark:text-slate-600',
            )}
          />
        ))}
      </span>
      <span className="text-sm font-medium">{label}</span>
    </span>
  );
}
