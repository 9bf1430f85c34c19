import {
  VIDEO_CATEGORIES,
  VIDEO_CATEGORY_LABELS,
  VIDEO_MESSAGES,
  VIDEO_SEARCH_DEBOUNCE_MS,
  type VideoCategoryFilter,
  type VideoListItem,
} from '@estudai/contract/constants';
import { RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Page } from '../../../components/page.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useVideos, type VideoFilters } from '../api/get-videos.ts';
import { VideoCard, VideoCardSkeleton } from '../components/video-card.tsx';

const SKELETONS = 6;

function uniqueById(videos: VideoListItem[]) {
  const seen = new Set<string>();
  return videos.filter((video) => !seen.has(video.id) && seen.add(video.id));
}

function VideoResults({ filters }: { filters: VideoFilters }) {
  const query = useVideos(filters);
  if (query.isPending) {
    return (
      <div role="status" aria-label={VIDEO_MESSAGES.loading} className="grid grid-cols-2 gap-3">
        {Array.from({ length: SKELETONS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <VideoCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div
        role="alert"
        className="grid justify-items-center gap-3 rounded-2xl bg-red-50 px-6 py-8 text-center dark:bg-red-950/40"
      >
        <p className="font-medium text-red-800 dark:text-red-200">{VIDEO_MESSAGES.fetchFailed}</p>
        <p className="text-sm text-red-700 dark:text-red-300">{query.error.message}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden />
          {VIDEO_MESSAGES.retry}
        </Button>
      </div>
    );
  }
  const videos = uniqueById(query.data.pages.flatMap((page) => page.data));
  if (videos.length === 0) {
    return (
      <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{VIDEO_MESSAGES.empty}</p>
    );
  }
  return (
    <>
      <ul aria-label={VIDEO_MESSAGES.title} className="grid grid-cols-2 gap-3">
        {videos.map((video) => (
          <li key={video.id}>
            <VideoCard video={video} />
          </li>
        ))}
      </ul>
      <LoadMoreButton
        query={query}
        label={VIDEO_MESSAGES.loadMore}
        pendingLabel={VIDEO_MESSAGES.loadMore}
        failedText={VIDEO_MESSAGES.fetchFailed}
      />
    </>
  );
}

/**
 * Spec §2 '/videos': search (300 ms, back to page 1), category filter, a two-column grid, 'Carregar Mais'.
 * Its back arrow returns to the screen it was opened from, or to the groups when opened directly.
 */
export function VideosPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<VideoCategoryFilter>('all');
  const debouncedSearch = useDebouncedValue(search.trim(), VIDEO_SEARCH_DEBOUNCE_MS);

  return (
    <Page title={VIDEO_MESSAGES.title} back={paths.studyGroups()} backViaHistory>
      <search className="grid gap-2 sm:grid-cols-[1fr_auto]">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <Input
            type="search"
            aria-label={VIDEO_MESSAGES.searchLabel}
            placeholder={VIDEO_MESSAGES.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
            enterKeyHint="search"
          />
        </div>
        <select
          aria-label={VIDEO_MESSAGES.categoryLabel}
          className={cn(inputClasses, 'sm:w-52')}
          value={category}
          onChange={(event) => setCategory(event.target.value as VideoCategoryFilter)}
        >
          {VIDEO_CATEGORIES.map((value) => (
            <option key={value} value={value}>
              {VIDEO_CATEGORY_LABELS[value]}
            </option>
          ))}
        </select>
      </search>
      <VideoResults filters={{ search: debouncedSearch, category }} />
    </Page>
  );
}
