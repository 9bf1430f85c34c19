import { useEffect, useRef } from 'react';
import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';

/** What the end of a paged list needs to know of its infinite query. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** Spec §9: the next page is asked for when the end of the list comes within 100 px. */
const LOAD_MORE_MARGIN_PX = 100;

/** An invisible marker at the end of a list that calls `onReach` as it nears the screen. */
function LoadMoreTrigger({ onReach, disabled }: { onReach: () => void; disabled: boolean }) {
  const marker = useRef<HTMLDivElement>(null);
  const reach = useRef(onReach);
  reach.current = onReach;

  useEffect(() => {
    const element = marker.current;
    if (disabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current();
      },
      { rootMargin: `0px 0px ${LOAD_MORE_MARGIN_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [disabled]);

  return <div ref={marker} aria-hidden className="h-px" />;
}

/**
 * The end of an infinitely scrolled list: loads the next page 100 px before it shows, saying
 * `label` meanwhile, or `failedText` and a retry when that page failed.
 */
export function LoadMore({
  query,
  label,
  failedText = 'Não foi possível carregar mais.',
}: {
  query: PagedQuery;
  label: string;
  failedText?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <>
      <LoadMoreTrigger
        onReach={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage || query.isFetchNextPageError}
      />
      {query.isFetchNextPageError ? (
        <div role="alert" className="grid justify-items-center gap-2 py-4 text-sm">
          <p>{failedText}</p>
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 py-4 text-sm text-slate-500">
          <Spinner size="sm" />
          {label}
        </p>
      )}
    </>
  );
}

/**
 * `label` ('Carregar mais') under a list while the server says more exist, `pendingLabel` while
 * the next page loads; a failed page says `failedText` and can be asked again.
 */
export function LoadMoreButton({
  query,
  label = 'Carregar mais',
  pendingLabel = 'Carregando...',
  failedText = 'Não foi possível carregar mais. Tente novamente.',
}: {
  query: PagedQuery;
  label?: string;
  pendingLabel?: string;
  failedText?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="grid justify-items-center gap-2">
      {query.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-red-700 dark:text-red-300">
          {failedText}
        </p>
      )}
      <Button
        variant="outline"
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage && <Spinner size="sm" tone="current" />}
        {query.isFetchingNextPage ? pendingLabel : label}
      </Button>
    </div>
  );
}
