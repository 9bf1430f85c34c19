import {
  GROUP_CATEGORIES,
  GROUP_CATEGORY_LABELS,
  GROUP_CREATOR_TYPES,
  GROUP_MESSAGES,
  type GroupCategoryFilter,
} from '@estudai/contract/constants';
import { PlaySquare, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePageSearchParams } from '../../../lib/page-search-params.ts';
import { routes } from '../../../lib/paths.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { GROUP_TABS, type GroupFilters, type GroupTab } from '../api/get-groups.ts';
import { CreateGroupDialog } from '../components/create-group-dialog.tsx';
import { GroupList } from '../components/group-list.tsx';

/** Spec §5: the group search waits 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

const TAB_LABELS: Record<GroupTab, string> = {
  my: GROUP_MESSAGES.tabMine,
  available: GROUP_MESSAGES.tabAvailable,
  archived: GROUP_MESSAGES.tabArchived,
};

const isTab = (value: string | null): value is GroupTab => GROUP_TABS.some((tab) => tab === value);
const isCategory = (value: string | null): value is GroupCategoryFilter =>
  GROUP_CATEGORIES.some((category) => category === value);

/**
 * The tab, category and search live in the address (`?tab=&category=&q=`), so coming back from a
 * group shows the same list.
 */
function useListParams() {
  const [params, setParams] = usePageSearchParams();
  const tabParam = params.get('tab');
  const categoryParam = params.get('category');
  const tab: GroupTab = isTab(tabParam) ? tabParam : 'available';
  const category: GroupCategoryFilter = isCategory(categoryParam) ? categoryParam : 'all';
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);

  const setParam = (name: string, value: string, fallback: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const query = params.get('q') ?? '';
  const trimmed = debouncedSearch.trim();
  useEffect(() => {
    if (trimmed === query) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (trimmed) next.set('q', trimmed);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [trimmed, query, setParams]);

  return {
    tab,
    setTab: (value: string) => setParam('tab', value, 'available'),
    category,
    setCategory: (value: string) => setParam('category', value, 'all'),
    search,
    setSearch,
    filters: { search: trimmed, category } satisfies GroupFilters,
  };
}

export function StudyGroupsPage() {
  const { user } = useAuth();
  const { tab, setTab, category, setCategory, search, setSearch, filters } = useListParams();
  const [creating, setCreating] = useState(false);
  const canCreate = !!user && (GROUP_CREATOR_TYPES as readonly string[]).includes(user.userType);

  return (
    <Page title="Grupos de estudo">
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={routes.videos} className={buttonClasses({ variant: 'outline' })}>
          <PlaySquare className="size-4" aria-hidden />
          Biblioteca de Vídeos
        </Link>
        {canCreate && (
          <Button onClick={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden />
            Criar grupo
          </Button>
        )}
      </div>
      <div className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Buscar grupos"
            placeholder={GROUP_MESSAGES.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className={cn(inputClasses, 'pl-9')}
          />
        </div>
        <select
          aria-label="Categoria"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          className={cn(inputClasses, 'sm:w-56')}
        >
          {GROUP_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {GROUP_CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
        <TabsList>
          {GROUP_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {TAB_LABELS[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {GROUP_TABS.map((value) => (
          <TabsContent key={value} value={value} className="grid gap-4">
            <GroupList tab={value} filters={filters} />
          </TabsContent>
        ))}
      </Tabs>
      {canCreate && <CreateGroupDialog open={creating} onOpenChange={setCreating} />}
    </Page>
  );
}
