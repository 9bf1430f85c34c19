import type { GroupCategoryFilter, StudyGroup } from '@estudai/contract/constants';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '../../../lib/paged-query.ts';
import { groupKeys } from '../../../lib/query-keys.ts';

/** The three tabs of /study-groups and the call behind each (spec §2, §7). */
export const GROUP_TABS = ['my', 'available', 'archived'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

export interface GroupFilters {
  search: string;
  category: GroupCategoryFilter;
}

const NO_FILTERS: GroupFilters = { search: '', category: 'all' };

/** Spec §7: `search` and `category` go only when set; category 'all' is no filter at all. */
function filterParams({ search, category }: GroupFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.trim()) params.search = search.trim();
  if (category !== 'all') params.category = category;
  return params;
}

const getGroupsQueryOptions = (tab: GroupTab, filters: GroupFilters = NO_FILTERS) =>
  pagedQueryOptions<StudyGroup>(
    [...groupKeys.lists, tab, { search: filters.search.trim(), category: filters.category }],
    `/study-groups/${tab}`,
    filterParams(filters),
  );

/**
 * A new search or category keeps the tab's last cards (`isPlaceholderData`) until its own answer
 * comes; a tab opened afresh has none to keep, so it shows skeletons.
 */
export const useGroups = (tab: GroupTab, filters: GroupFilters) =>
  useInfiniteQuery({ ...getGroupsQueryOptions(tab, filters), placeholderData: keepPreviousData });
