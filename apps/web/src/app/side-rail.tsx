import { WhoToFollow } from '../features/notifications/components/who-to-follow.tsx';
import { TrendingTags } from '../features/search/components/trending-tags.tsx';
import { cn } from '../lib/cn.ts';

/** The desktop's right column: trending hashtags and people to follow. */
export function SideRail({ className }: { className?: string }) {
  return (
    <aside
      aria-label="Em alta e quem seguir"
      className={cn('sticky top-0 grid max-h-dvh content-start gap-6 overflow-y-auto py-4 pl-2', className)}
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
        <TrendingTags />
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900">
        <WhoToFollow />
      </div>
    </aside>
  );
}
