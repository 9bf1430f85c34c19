import { type ReactNode, useState } from 'react';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useRecommendations } from '../features/notifications/api/get-recommendations.ts';
import { WhoToFollow } from '../features/notifications/components/who-to-follow.tsx';
import { TrendingTags } from '../features/search/components/trending-tags.tsx';
import { cn } from '../lib/cn.ts';
import { useTrendingTags } from '../lib/queries/trending-tags.ts';

// 'Em alta' and 'Quem seguir' (the desktop's right column, and /busca on a phone) appear together,
// once both have answered. One after the other, 'Em alta' arriving second pushed 'Quem seguir' and its
// 'Seguir' buttons 160 px down (a layout shift of 0.02 on every desktop screen, 0.05 on /busca at
// 390 px). A section that replaces the placeholder is new on the page, so nothing already drawn moves.

const card = 'rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900';

/** A section's place while both lists load: its title and two lines. */
function SectionPlaceholder({ inCard }: { inCard: boolean }) {
  return (
    <div className={cn('grid gap-3', inCard && card)}>
      <Skeleton className="mx-1 h-5 w-24" />
      <Skeleton className="mx-1 h-10" />
      <Skeleton className="mx-1 h-10" />
    </div>
  );
}

/** Both sections, each in a card of its own (`inCard`, the right column) or one above the other. */
export function DiscoverSections({ inCard, className }: { inCard: boolean; className?: string }): ReactNode {
  const trending = useTrendingTags();
  const people = useRecommendations();
  // Once shown, the sections stay: a list that failed asks again as its section mounts (and shows that
  // section's own placeholder), which must not bring this one back.
  const answered = !trending.isPending && !people.isPending;
  const [shown, setShown] = useState(answered);
  if (answered && !shown) setShown(true);
  if (!shown)
    return (
      <div
        key="loading"
        role="status"
        aria-label="Carregando hashtags em alta e sugestões"
        className={className}
      >
        <SectionPlaceholder inCard={inCard} />
        <SectionPlaceholder inCard={inCard} />
      </div>
    );
  return (
    <div key="ready" className={className}>
      <div className={cn(inCard && card)}>
        <TrendingTags />
      </div>
      <div className={cn(inCard && card)}>
        <WhoToFollow />
      </div>
    </div>
  );
}
