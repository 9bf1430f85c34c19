import { cn } from '../lib/cn.ts';
import { DiscoverSections } from './discover.tsx';

/** The desktop's right column: trending hashtags and people to follow. */
export function SideRail({ className }: { className?: string }) {
  return (
    <aside
      aria-label="Em alta e quem seguir"
      className={cn('sticky top-0 max-h-dvh overflow-y-auto py-4 pl-2', className)}
    >
      <DiscoverSections inCard className="grid content-start gap-6" />
    </aside>
  );
}
