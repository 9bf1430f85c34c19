import { FEED_MESSAGES, type FeedKind, POST_MESSAGES } from '@estudai/contract/constants';
import { RefreshCw } from 'lucide-react';
import { useDeferredValue, useEffect } from 'react';
import { Link } from 'react-router';
import { LoadMore } from '../../../components/load-more.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { useFeed } from '../api/get-feed.ts';
import { useJustPublished } from '../api/just-published.ts';
import { uniquePosts } from '../unique-posts.ts';
import { PostCard } from './post-card.tsx';
import { PostListSkeleton } from './post-card-skeleton.tsx';

function ErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="grid justify-items-center gap-3 text-center">
      <p className="font-medium">Não foi possível carregar o feed.</p>
      <p className="text-sm text-slate-500 dark:text-slate-400">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden />
        Tentar novamente
      </Button>
    </Card>
  );
}

let firstScreen = true;

/** The feed's posts, page after page as the end nears, with its loading, empty and error states. */
export function FeedList({ onCreatePost, kind = 'for_you' }: { onCreatePost: () => void; kind?: FeedKind }) {
  const feed = useFeed(kind);
  const justPublished = useJustPublished();
  // The first posts render in the background, in slices (a deferred value renders as a transition):
  // ten cards built in one go would block a slow phone's main thread for hundreds of milliseconds.
  // On the app's first screen that holds even when the page is already cached (main.tsx asks for it
  // early): the skeleton shows first (`null` as the initial value; React ignores an undefined one).
  // Coming back later, the cached posts show at once, so the browser can restore the scroll position.
  // Once shown, changes (a like, the next page) render at once.
  const shown = useDeferredValue(feed.data, firstScreen ? null : feed.data);
  const data = shown == null ? undefined : feed.data;
  useEffect(() => {
    if (data) firstScreen = false;
  }, [data]);

  if (feed.isError && !feed.data) {
    return <ErrorCard message={feed.error.message} onRetry={() => void feed.refetch()} />;
  }
  // Loading, or the posts have arrived and are being rendered.
  if (!data) {
    return <PostListSkeleton count={3} />;
  }

  const posts = uniquePosts([{ data: justPublished, hasMore: false, nextCursor: null }, ...data.pages]);
  if (posts.length === 0 && kind === 'following') {
    return (
      <Card className="grid justify-items-center gap-3 py-10 text-center">
        <p className="font-semibold">{FEED_MESSAGES.emptyFollowingTitle}</p>
        <p className="max-w-xs text-sm text-slate-500 dark:text-slate-400">{FEED_MESSAGES.emptyFollowing}</p>
        <Link to={`${paths.search()}?tipo=people`} className={buttonClasses({})}>
          {FEED_MESSAGES.findPeople}
        </Link>
      </Card>
    );
  }
  if (posts.length === 0) {
    return (
      <Card className="grid justify-items-center gap-3 py-10 text-center">
        <p className="font-semibold">Nenhum post por aqui ainda</p>
        <p className="max-w-xs text-sm text-slate-500 dark:text-slate-400">
          Seja o primeiro a compartilhar uma dúvida, uma questão ou um resumo com a comunidade.
        </p>
        <Button onClick={onCreatePost}>Criar post</Button>
      </Card>
    );
  }

  return (
    <>
      <ul className="grid gap-4" aria-label="Posts">
        {posts.map((post) => (
          // Cards out of view are neither laid out nor painted until scrolled near (the browser keeps
          // their last height, so the page does not jump).
          <li key={post.id} className="[contain-intrinsic-block-size:auto_28rem] [content-visibility:auto]">
            <PostCard post={post} />
          </li>
        ))}
      </ul>
      {feed.hasNextPage ? (
        <LoadMore
          query={feed}
          label={POST_MESSAGES.loadingMore}
          failedText="Não foi possível carregar mais posts."
        />
      ) : (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{POST_MESSAGES.feedEnd}</p>
      )}
    </>
  );
}
