import { Heart } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/**
 * A heart with its count; pressed while the viewer likes it. The count is part of the name
 * ('Curtir tópico, 2'), as on post cards: what is read out contains what is shown.
 */
export function ForumLikeButton({
  label,
  isLiked,
  likesCount,
  onToggle,
  className,
}: {
  label: string;
  isLiked: boolean;
  likesCount: number;
  onToggle: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={`${label}, ${likesCount}`}
      aria-pressed={isLiked}
      onClick={onToggle}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full px-2.5 text-sm font-medium transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800',
        isLiked ? 'text-rose-600 dark:text-rose-400' : 'text-slate-600 dark:text-slate-300',
        className,
      )}
    >
      <Heart className={cn('size-4', isLiked && 'fill-current')} aria-hidden />
      <span>{likesCount}</span>
    </button>
  );
}
