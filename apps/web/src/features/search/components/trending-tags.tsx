import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../lib/paths.ts';
import { useTrendingTags } from '../../../lib/queries/trending-tags.ts';

const postsLabel = (count: number) => (count === 1 ? '1 post' : `${count} posts`);

/** The right column's 'Em alta': the main feed's most used hashtags of the last 7 days, each leading to its page. */
export function TrendingTags() {
  const query = useTrendingTags();
  return (
    <section aria-labelledby="trending-tags" className="grid gap-2">
      <h2 id="trending-tags" className="flex items-center gap-2 px-1 font-semibold">
        <TrendingUp className="size-4 text-indigo-600 dark:text-indigo-400" aria-hidden />
        Em alta
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Carregando hashtags em alta" className="grid gap-2 px-1">
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : query.isError ? (
        <p className="px-1 text-sm text-slate-500 dark:text-slate-400">
          Não foi possível carregar as hashtags em alta.
        </p>
      ) : query.data.length === 0 ? (
        <p className="px-1 text-sm text-slate-500 dark:text-slate-400">
          Nenhuma hashtag nos últimos 7 dias. Use uma #hashtag no seu próximo post.
        </p>
      ) : (
        <ol aria-label="Hashtags em alta" className="grid">
          {query.data.map(({ tag, postsCount }) => (
            <li key={tag}>
              <Link
                to={paths.tag(tag)}
                className="grid rounded-xl px-3 py-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
              >
                <span className="truncate font-medium">#{tag}</span>
                <span className="text-xs text-slate-500 dark:text-slate-400">{postsLabel(postsCount)}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
