import { CHAT_MESSAGES, type Conversation } from '@estudai/contract/constants';
import { MessagesSquare, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatRelativeTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { useConversations } from '../api/get-conversations.ts';
import { UnreadBadge } from './unread-badge.tsx';

function ConversationItem({ conversation, isSelected }: { conversation: Conversation; isSelected: boolean }) {
  const { user } = useAuth();
  const { otherUser, lastMessage, unreadCount } = conversation;
  const preview = lastMessage
    ? `${lastMessage.senderId === user?.id ? 'Você: ' : ''}${lastMessage.content}`
    : 'Conversa nova';
  return (
    <li>
      <Link
        to={paths.chat(conversation.id)}
        aria-current={isSelected ? 'page' : undefined}
        className={cn(
          'flex items-center gap-3 px-4 py-3 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 dark:hover:bg-slate-800/70',
          isSelected && 'bg-indigo-50 dark:bg-indigo-950/50',
        )}
      >
        <UserAvatar name={otherUser.displayName} src={otherUser.avatar} size={12} />
        {/* One column no wider than the row: a long message is cut, its time and badge stay (issue 36). */}
        <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
          <span className="flex items-baseline gap-2">
            <span className={cn('flex-1 truncate', unreadCount > 0 ? 'font-semibold' : 'font-medium')}>
              {otherUser.displayName}
            </span>
            {conversation.lastMessageAt && (
              <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-slate-500">
                {formatRelativeTime(conversation.lastMessageAt)}
              </time>
            )}
          </span>
          <span className="flex items-center gap-2">
            <span className="flex-1 truncate text-sm text-slate-500 dark:text-slate-400">{preview}</span>
            <UnreadBadge count={unreadCount} />
          </span>
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div role="status" aria-label="Carregando conversas" className="grid gap-1 p-2">
      {[0, 1, 2, 3].map((key) => (
        <div key={key} className="flex items-center gap-3 px-2 py-2">
          <Skeleton radius="full" className="size-12" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-3/4" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Spec §2: the conversations, most recent first, each with its unread badge. */
export function ConversationList({
  selectedId,
  onNewConversation,
}: {
  selectedId: string | null;
  onNewConversation: () => void;
}) {
  const query = useConversations();
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 p-6 text-center text-sm">
        <p>{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw className="size-4" aria-hidden />
          Tentar novamente
        </Button>
      </div>
    );
  }
  const conversations = query.data.pages.flatMap((page) => page.data);
  if (conversations.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <MessagesSquare className="size-10 text-slate-400" aria-hidden />
        <p className="font-medium">{CHAT_MESSAGES.noConversations}</p>
        <p className="max-w-60 text-sm text-slate-500 dark:text-slate-400">
          Converse com quem segue você de volta.
        </p>
        <Button onClick={onNewConversation}>Nova conversa</Button>
      </div>
    );
  }
  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <ul aria-label="Conversas" className="divide-y divide-slate-100 dark:divide-slate-800/70">
        {conversations.map((conversation) => (
          <ConversationItem
            key={conversation.id}
            conversation={conversation}
            isSelected={conversation.id === selectedId}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="p-3">
          <LoadMoreButton query={query} />
        </div>
      )}
    </div>
  );
}
