import { Star } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useRateGroup } from '../api/rate-group.ts';

const STARS = [1, 2, 3, 4, 5];

/** A member's 1–5 stars for the group: a radio group, so arrows and Space work as usual. */
export function GroupRating({ groupId, myRating }: { groupId: string; myRating: number | null }) {
  const rate = useRateGroup(groupId);
  const shown = rate.isPending ? rate.variables : myRating;

  const handleRate = (rating: number) =>
    rate.mutate(rating, {
      onSuccess: () => toast({ title: 'Avaliação enviada', description: 'Obrigado por avaliar o grupo!' }),
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });

  return (
    <div className="grid gap-1.5">
      <p id={`rating-label-${groupId}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {myRating ? 'Sua avaliação' : 'Avalie este grupo'}
      </p>
      <div role="radiogroup" aria-labelledby={`rating-label-${groupId}`} className="flex gap-1">
        {STARS.map((value) => (
          <label
            key={value}
            className="cursor-pointer rounded-md p-0.5 has-focus-visible:outline-2 has-focus-visible:outline-indigo-500"
          >
            <input
              type="radio"
              name={`rating-${groupId}`}
              value={value}
              checked={shown === value}
              disabled={rate.isPending}
              onChange={() => handleRate(value)}
              aria-label={value === 1 ? '1 estrela' : `${value} estrelas`}
              className="sr-only"
            />
            <Star
              aria-hidden
              className={cn(
                'size-7 transition-colors',
                shown && value <= shown
                  ? 'fill-amber-400 text-amber-400'
                  : 'fill-transparent text-slate-300 hover:text-amber-300 dark:text-slate-600',
              )}
            />
          </label>
        ))}
      </div>
    </div>
  );
}
