import {
  type BankQuestion,
  type Post,
  SEARCH_MESSAGES,
  SEARCH_QUERY_MAX,
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchType,
  type StudyGroup,
} from '@estudai/contract/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Clock, Search, SearchX, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/list-states.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { usePageSearchParams } from '../../../lib/page-search-params.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { getSearchQueryOptions, type SearchResults } from '../api/search.ts';
import { PersonRow } from '../components/person-row.tsx';
import { clearRecentSearches, recentSearches, rememberSearch } from '../recent-searches.ts';

/** Spec §5's searches wait 300 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

/** How another feature shows what was found (composed in app/routes/search-route.tsx). */
export interface SearchRenderers {
  renderPost: (post: Post) => ReactNode;
  renderGroup: (group: StudyGroup) => ReactNode;
  renderQuestion: (question: BankQuestion) => ReactNode;
  /** Shown under the recent searches before anything is typed: on a phone, 'Em alta' and 'Quem seguir'. */
  discover?: ReactNode;
}

const isSearchType = (value: string | null): value is SearchType =>
  SEARCH_TYPES.includes(value as SearchType);

function keyOf<T extends SearchType>(type: T, item: SearchResults[T]): string {
  if ('postId' in item) return `${item.postId}:${item.questionIndex}`;
  return `${type}:${item.id}`;
}

type SearchPages<T extends SearchType> = ReturnType<typeof useSearchPages<T>>;
const useSearchPages = <T extends SearchType>(type: T, q: string) =>
  useInfiniteQuery(getSearchQueryOptions(type, q));

/** One kind of result for `q`, paged; `empty` replaces the 'nothing found' message. */
export function Results<T extends SearchType>({
  type,
  q,
  render,
  empty,
}: {
  type: T;
  q: string;
  render: (item: SearchResults[T]) => ReactNode;
  empty?: ReactNode;
}) {
  const results = useSearchPages(type, q);
  const label = `Buscando ${SEARCH_TYPE_LABELS[type].toLowerCase()}...`;
  if (results.isPending) return <ListSkeleton label={label} rows={3} />;
  if (results.isError)
    return (
      <ErrorState
        title="Não foi possível buscar."
        error={results.error}
        onRetry={() => void results.refetch()}
      />
    );
  const items = results.data.pages.flatMap((page) => page.data);
  if (items.length === 0)
    return (
      empty ?? (
        <EmptyState icon={SearchX} title={SEARCH_MESSAGES.nothingFound(q)}>
          Tente outras palavras, sem se preocupar com acentos.
        </EmptyState>
      )
    );
  return (
    <>
      <ul aria-label={SEARCH_TYPE_LABELS[type]} className="grid gap-3">
        {items.map((item) => (
          <li key={keyOf(type, item)}>{render(item)}</li>
        ))}
      </ul>
      <LoadMore query={results} label="Carregando mais resultados..." />
    </>
  );
}

/** The first results of each kind under 'Tudo' (issue 36); the tab of that kind has them all. */
const PREVIEW_SIZE = 3;

const TAB_WIDTH = { flex: '1 0 auto' };

/** 'Tudo': the tab that opens first. */
const ALL_TAB = 'all';
type SearchTab = SearchType | typeof ALL_TAB;

function PreviewSection<T extends SearchType>({
  type,
  results,
  render,
  onMore,
}: {
  type: T;
  results: SearchPages<T>;
  render: (item: SearchResults[T]) => ReactNode;
  onMore: () => void;
}) {
  const items = results.data?.pages[0]?.data ?? [];
  if (results.isPending) {
    return <ListSkeleton label={`Buscando ${SEARCH_TYPE_LABELS[type].toLowerCase()}...`} rows={1} />;
  }
  if (results.isError || items.length === 0) return null;
  const headingId = `search-all-${type}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {SEARCH_TYPE_LABELS[type]}
        </h2>
        {(items.length > PREVIEW_SIZE || results.hasNextPage) && (
          <Button variant="link" size="sm" onClick={onMore}>
            Ver todos
          </Button>
        )}
      </div>
      <ul aria-label={SEARCH_TYPE_LABELS[type]} className="grid gap-3">
        {items.slice(0, PREVIEW_SIZE).map((item) => (
          <li key={keyOf(type, item)}>{render(item)}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * 'Tudo': a few of each kind, people first, from the same pages as each kind's own tab (opening it
 * shows them at once); 'Nada encontrado' once every kind has answered empty.
 */
function AllResults({
  q,
  renderers,
  onMore,
}: {
  q: string;
  renderers: { [T in SearchType]: (item: SearchResults[T]) => ReactNode };
  onMore: (type: SearchType) => void;
}) {
  const people = useSearchPages('people', q);
  const posts = useSearchPages('posts', q);
  const groups = useSearchPages('groups', q);
  const questions = useSearchPages('questions', q);
  const kinds = [people, posts, groups, questions];
  if (kinds.every((kind) => kind.isSuccess && (kind.data.pages[0]?.data.length ?? 0) === 0)) {
    return (
      <EmptyState icon={SearchX} title={SEARCH_MESSAGES.nothingFound(q)}>
        Tente outras palavras, sem se preocupar com acentos.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6">
      <PreviewSection
        type="people"
        results={people}
        render={renderers.people}
        onMore={() => onMore('people')}
      />
      <PreviewSection type="posts" results={posts} render={renderers.posts} onMore={() => onMore('posts')} />
      <PreviewSection
        type="groups"
        results={groups}
        render={renderers.groups}
        onMore={() => onMore('groups')}
      />
      <PreviewSection
        type="questions"
        results={questions}
        render={renderers.questions}
        onMore={() => onMore('questions')}
      />
    </div>
  );
}

function RecentSearches({
  list,
  onPick,
  onClear,
}: {
  list: string[];
  onPick: (q: string) => void;
  onClear: () => void;
}) {
  if (list.length === 0)
    return (
      <EmptyState icon={Search} title="Busque pessoas, posts, grupos e questões">
        Por nome, @usuário, palavras ou #hashtag.
      </EmptyState>
    );
  return (
    <section aria-labelledby="recent-searches" className="grid gap-2">
      <div className="flex items-center justify-between">
        <h2 id="recent-searches" className="font-semibold">
          Buscas recentes
        </h2>
        <Button variant="ghost" size="sm" onClick={onClear}>
          Limpar
        </Button>
      </div>
      <ul className="grid gap-1">
        {list.map((item) => (
          <li key={item}>
            <button
              type="button"
              onClick={() => onPick(item)}
              className="flex w-full min-w-0 items-center gap-3 rounded-xl px-3 py-2.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
            >
              <Clock className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="truncate">{item}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /busca: one box, results in tabs ('Tudo' first, issue 36, then Pessoas, Posts, Grupos, Questões);
 * the query and tab live in the address.
 */
export function SearchPage({ renderPost, renderGroup, renderQuestion, discover }: SearchRenderers) {
  const [params, setParams] = usePageSearchParams();
  const tab: SearchTab = isSearchType(params.get('tipo')) ? (params.get('tipo') as SearchType) : ALL_TAB;
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const [recent, setRecent] = useState(recentSearches);

  // Only when the query itself changes: leaving for a result must not bring the address back here.
  const shownQuery = useRef(q);
  useEffect(() => {
    if (shownQuery.current === q) return;
    shownQuery.current = q;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // Kept once the person has stopped typing for a moment, like the address.
    if (q) setRecent(rememberSearch(q));
  }, [q, setParams]);

  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tipo', value);
        return next;
      },
      { replace: true },
    );

  const renderers: { [T in SearchType]: (item: SearchResults[T]) => ReactNode } = {
    people: (person) => <PersonRow person={person} />,
    posts: renderPost,
    groups: renderGroup,
    questions: renderQuestion,
  };

  return (
    <Page title="Busca" back="/" backViaHistory>
      <div className="grid gap-4">
        <search className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            aria-label="Buscar"
            placeholder="Pessoas, posts, #hashtags, grupos, questões"
            // biome-ignore lint/a11y/noAutofocus: the screen exists to type in this box.
            autoFocus
            maxLength={SEARCH_QUERY_MAX}
            enterKeyHint="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            className="h-12 w-full min-w-0 rounded-2xl border border-slate-300 bg-white pr-11 pl-10 text-base outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 dark:border-slate-700 dark:bg-slate-900 [&::-webkit-search-cancel-button]:hidden"
          />
          {text && (
            <button
              type="button"
              aria-label="Limpar busca"
              onClick={() => setText('')}
              className="absolute top-1/2 right-1.5 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </search>
        {q ? (
          <Tabs value={tab} onValueChange={setTab} className="grid gap-4">
            {/* Five tabs: each as wide as its word (not fifths), so 'Questões' fits a 360 px phone. */}
            <TabsList aria-label="O que buscar" className="overflow-x-auto">
              <TabsTrigger value={ALL_TAB} className="px-1.5" style={TAB_WIDTH}>
                Tudo
              </TabsTrigger>
              {SEARCH_TYPES.map((type) => (
                <TabsTrigger key={type} value={type} className="px-1.5" style={TAB_WIDTH}>
                  {SEARCH_TYPE_LABELS[type]}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value={ALL_TAB} className="grid gap-3">
              {tab === ALL_TAB && <AllResults q={q} renderers={renderers} onMore={setTab} />}
            </TabsContent>
            {SEARCH_TYPES.map((type) => (
              <TabsContent key={type} value={type} className="grid gap-3">
                {/* Only the open tab asks the server. */}
                {tab === type && <Results type={type} q={q} render={renderers[type] as never} />}
              </TabsContent>
            ))}
          </Tabs>
        ) : (
          <>
            <RecentSearches list={recent} onPick={setText} onClear={() => setRecent(clearRecentSearches())} />
            {discover}
          </>
        )}
      </div>
    </Page>
  );
}
