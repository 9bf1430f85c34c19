import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** 'Carregar mais' under a list while the server says more exist; a failed page can be asked again. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="grid justify-items-center gap-2">
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Não foi possível carregar mais. Tente novamente.
        </p>
      )}
      <Button
        variant="outline"
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Carregando...' : 'Carregar mais'}
      </Button>
    </div>
  );
}

export function EmptyText({ children }: { children: string }) {
  return <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400">{children}</p>;
}

/** Something could not be loaded: why, and a way to try again. */
export function ErrorState({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-2xl bg-red-50 px-6 py-8 text-center dark:bg-red-950/40"
    >
      <p className="font-medium text-red-800 dark:text-red-200">{title}</p>
      <p className="text-sm text-red-700 dark:text-red-300">{error.message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden />
        Tentar novamente
      </Button>
    </div>
  );
}
