import { GROUP_MESSAGES, type StudyGroup } from '@estudai/contract/constants';
import type { ReactNode } from 'react';
import { EmptyText, ErrorState } from '../../../components/list-states.tsx';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { cn } from '../../../lib/cn.ts';
import { type GroupFilters, type GroupTab, useGroups } from '../api/get-groups.ts';
import { GroupCard, GroupCardSkeleton } from './group-card.tsx';

const EMPTY: Record<GroupTab, string> = {
  my: GROUP_MESSAGES.emptyMine,
  available: GROUP_MESSAGES.emptyAvailable,
  archived: GROUP_MESSAGES.emptyArchived,
};

function uniqueById(groups: StudyGroup[]) {
  const seen = new Set<string>();
  return groups.filter((group) => !seen.has(group.id) && seen.add(group.id));
}

/** The results, dimmed and busy while they are the last search's, shown until the new one answers. */
function Results({ isStale, children }: { isStale: boolean; children: ReactNode }) {
  return (
    <div aria-busy={isStale} className={cn('grid gap-4 transition-opacity', isStale && 'opacity-60')}>
      {children}
    </div>
  );
}

/**
 * One tab of /study-groups: skeleton cards on its first load, its empty text, the cards,
 * 'Carregar mais'. A new search keeps the last cards on screen until its own arrive.
 */
export function GroupList({ tab, filters }: { tab: GroupTab; filters: GroupFilters }) {
  const query = useGroups(tab, filters);
  const isStale = query.isPlaceholderData;

  if (query.isPending) {
    return (
      <div role="status" aria-label="Carregando grupos" className="grid gap-4 sm:grid-cols-2">
        <GroupCardSkeleton />
        <GroupCardSkeleton />
        <GroupCardSkeleton />
        <GroupCardSkeleton />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <ErrorState
        title="Não foi possível carregar os grupos."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const groups = uniqueById(query.data.pages.flatMap((page) => page.data));
  if (groups.length === 0) {
    // Filters that hide one's own groups say so, rather than 'you are in no group'.
    const filtered = filters.search !== '' || filters.category !== 'all';
    return (
      <Results isStale={isStale}>
        <EmptyText>{filtered ? GROUP_MESSAGES.emptyAvailable : EMPTY[tab]}</EmptyText>
      </Results>
    );
  }
  return (
    <Results isStale={isStale}>
      <ul aria-label="Grupos" className="grid gap-4 sm:grid-cols-2">
        {groups.map((group) => (
          <li key={group.id} className="grid">
            <GroupCard group={group} />
          </li>
        ))}
      </ul>
      {/* The next page belongs to the new search: asked for once its first page is here. */}
      {!isStale && <LoadMoreButton query={query} />}
    </Results>
  );
}
