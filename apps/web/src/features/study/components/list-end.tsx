import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** The end of an infinite list: the next page is asked for 100 px before it shows (spec §9), or a retry. */
export function ListEnd({ query, loadingLabel }: { query: PagedQuery; loadingLabel: string }) {
  const marker = useRef<HTMLDivElement>(null);
  const fetchNext = useRef(query.fetchNextPage);
  fetchNext.current = query.fetchNextPage;
  const waiting = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;

  useEffect(() => {
    const element = marker.current;
    if (!waiting || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNext.current();
      },
      { rootMargin: '0px 0px 100px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [waiting]);

  if (!query.hasNextPage) return null;
  return (
    <>
      <div ref={marker} aria-hidden className="h-px" />
      {query.isFetchNextPageError ? (
        <div role="alert" className="grid justify-items-center gap-2 py-3 text-sm">
          <p>Não foi possível carregar mais.</p>
          <Button variant="outline" size="sm" onClick={() => void query.fetchNextPage()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <p role="status" className="flex items-center justify-center gap-2 py-3 text-sm text-slate-500">
          <Spinner size="sm" />
          {loadingLabel}
        </p>
      )}
    </>
  );
}
