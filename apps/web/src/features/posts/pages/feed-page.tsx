import { FEED_KINDS, FEED_LABELS, type Post } from '@estudai/contract/constants';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { PenLine, Search } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import type { ApiPage } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { CREATE_POST_PARAM, paths } from '../../../lib/paths.ts';
import { FEED_PARAM, FOLLOWING_VALUE, feedKindOf, getFeedQueryOptions } from '../api/get-feed.ts';
import { clearJustPublished } from '../api/just-published.ts';
import { FeedList } from '../components/feed-list.tsx';
import { PullToRefresh } from '../components/pull-to-refresh.tsx';
import { ScrollToTopButton } from '../components/scroll-to-top-button.tsx';
import { StudyPlanPrompt } from '../components/study-plan-prompt.tsx';

// The dialog (its form library and the six post types' fields) loads on the first 'create', not
// with the feed: most visits only read.
const CreatePostDialog = lazy(() =>
  import('../components/create-post-dialog.tsx').then((module) => ({
    default: module.CreatePostDialog,
  })),
);

/** The create button in the tab bar links here with ?create-post=1: open the dialog, drop the flag. */
function useCreatePostParam(open: () => void) {
  const [params, setParams] = useSearchParams();
  const requested = params.has(CREATE_POST_PARAM);
  useEffect(() => {
    if (!requested) return;
    open();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CREATE_POST_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [requested, open, setParams]);
}

/** `header`: what the app shows above the posts (the study links). */
export function FeedPage({ header }: { header?: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  // Once opened it stays mounted, so closing animates and reopening is instant.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const openCreate = useCallback(() => {
    setDialogLoaded(true);
    setCreating(true);
  }, []);
  useCreatePostParam(openCreate);

  // Issue 21: 'Para você' | 'Seguindo', the tab kept in the address (?feed=seguindo).
  const [params, setParams] = useSearchParams();
  const kind = feedKindOf(params);
  const handleTabChange = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'following') next.set(FEED_PARAM, FOLLOWING_VALUE);
        else next.delete(FEED_PARAM);
        return next;
      },
      { replace: true },
    );

  // Spec §4: pull-to-refresh goes back to the first page and fetches it again.
  const handleRefresh = async () => {
    const { queryKey } = getFeedQueryOptions(kind);
    clearJustPublished(queryClient);
    queryClient.setQueryData<InfiniteData<ApiPage<Post>>>(queryKey, (feed) =>
      feed ? { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) } : feed,
    );
    await queryClient.refetchQueries({ queryKey });
  };

  return (
    <Page
      title="Início"
      actions={
        <>
          <ScrollToTopButton />
          <Link
            to={paths.search()}
            aria-label="Buscar"
            className="flex size-10 items-center justify-center rounded-full text-indigo-600 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-300 dark:hover:bg-slate-800"
          >
            <Search className="size-5" aria-hidden />
          </Link>
        </>
      }
    >
      <PullToRefresh onRefresh={handleRefresh}>
        <div className="grid gap-4">
          {header}
          <StudyPlanPrompt />
          <button
            type="button"
            onClick={openCreate}
            className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 text-left text-sm text-slate-500 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700/60 dark:bg-slate-900 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            {user && <UserAvatar name={user.displayName} src={user.avatar} size={9} />}
            <span className="flex-1">Compartilhe algo com a comunidade...</span>
            <PenLine className="size-5 text-indigo-500" aria-hidden />
          </button>
          <Tabs value={kind} onValueChange={handleTabChange} className="grid gap-4">
            <TabsList aria-label="Feeds">
              {FEED_KINDS.map((feed) => (
                <TabsTrigger key={feed} value={feed}>
                  {FEED_LABELS[feed]}
                </TabsTrigger>
              ))}
            </TabsList>
            {FEED_KINDS.map((feed) => (
              <TabsContent key={feed} value={feed} className="grid gap-4">
                {/* Only the open tab asks the server. */}
                {feed === kind && <FeedList kind={feed} onCreatePost={openCreate} />}
              </TabsContent>
            ))}
          </Tabs>
        </div>
      </PullToRefresh>
      {dialogLoaded && (
        <Suspense fallback={null}>
          <CreatePostDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      )}
    </Page>
  );
}
