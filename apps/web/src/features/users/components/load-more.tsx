import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadMoreTrigger } from '../../feed/components/load-more-trigger.tsx';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** The end of an infinite list: loads the next page 100 px before it shows, or offers a retry. */
export function LoadMore({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <>
      <LoadMoreTrigger
        onReach={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage || query.isFetchNextPageError}
      />
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
          {label}
        </p>
      )}
    </>
  );
}
