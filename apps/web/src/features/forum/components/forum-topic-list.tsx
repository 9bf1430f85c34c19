import { type ForumTopic, GROUP_MESSAGES } from '@estudai/contract/constants';
import { MessagesSquare } from 'lucide-react';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { useForumTopics } from '../api/forum-topics.ts';
import { ForumTopicCard } from './forum-topic-card.tsx';

/** Pinned topics first, each once, the server's order kept otherwise. */
function orderTopics(topics: ForumTopic[]): ForumTopic[] {
  const seen = new Set<string>();
  const unique = topics.filter((topic) => !seen.has(topic.id) && seen.add(topic.id));
  return [...unique.filter((topic) => topic.isPinned), ...unique.filter((topic) => !topic.isPinned)];
}

export function ForumTopicsSkeleton() {
  return (
    <div role="status" aria-label="Carregando tópicos" className="grid gap-4">
      {[0, 1, 2].map((key) => (
        <Card key={key} padding="sm" className="grid gap-3">
          <div className="flex items-center gap-2">
            <Skeleton radius="full" className="size-8" />
            <Skeleton className="h-3.5 w-32" />
          </div>
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3.5 w-full" />
          <Skeleton className="h-3.5 w-5/6" />
        </Card>
      ))}
    </div>
  );
}

/** The loaded topics, with 'Carregar mais' while the server has more. */
export function ForumTopicList({
  groupId,
  forum,
  isOwner,
}: {
  groupId: string;
  forum: ReturnType<typeof useForumTopics>;
  isOwner: boolean;
}) {
  const topics = orderTopics(forum.data?.pages.flatMap((page) => page.data) ?? []);
  if (topics.length === 0) {
    return (
      <Card className="grid justify-items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300">
          <MessagesSquare className="size-6" aria-hidden />
        </span>
        <p className="text-sm text-slate-600 dark:text-slate-300">{GROUP_MESSAGES.forumEmpty}</p>
      </Card>
    );
  }
  return (
    <>
      <ul className="grid gap-4" aria-label="Tópicos">
        {topics.map((topic) => (
          <li key={topic.id}>
            <ForumTopicCard groupId={groupId} topic={topic} isOwner={isOwner} />
          </li>
        ))}
      </ul>
      <LoadMoreButton
        query={forum}
        pendingLabel="Carregar mais"
        failedText="Não foi possível carregar mais tópicos."
      />
    </>
  );
}
