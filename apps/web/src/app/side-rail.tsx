import { WhoToFollow } from '../features/notifications/components/who-to-follow.tsx';
import { TrendingTags } from '../features/search/components/trending-tags.tsx';

/** The desktop's right column: trending hashtags and people to follow. */
export function SideRail() {
  return (
    <aside
      aria-label="Em alta e quem seguir"
      className="sticky top-0 grid max-h-dvh content-start gap-6 overflow-y-auto py-4 pl-2"
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
