import { CHAT_MESSAGES } from '@estudai/contract/constants';
import { ArrowLeft, MessageCircleOff, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { HeaderActions } from '../../../components/header-actions.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useRealtimeSocket } from '../../../lib/socket.ts';
import { useConversations } from '../api/get-conversations.ts';
import { type ThreadMessage, useMessages } from '../api/get-messages.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { useOpenThread } from '../live/open-thread.ts';
import { useJoinConversation, useOtherIsTyping, useTypingNotifier } from '../live/use-thread-live.ts';
import { wantsMessageFocus } from '../message-focus.ts';
import { MessageComposer } from './message-composer.tsx';
import { MessageLog } from './message-log.tsx';

/** An id for a new message, kept across retries (randomUUID needs a secure context). */
function newClientId() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/** A conversation that does not exist or is not the user's (404): no retry can bring it, only a way back. */
function ConversationNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <MessageCircleOff className="size-12 text-slate-400" aria-hidden />
      <p role="alert" className="font-semibold">
        {CHAT_MESSAGES.notFound}
      </p>
      <Link to={paths.chat()} className={buttonClasses({ variant: 'outline' })}>
        <ArrowLeft className="size-4" aria-hidden />
        Voltar para as conversas
      </Link>
    </div>
  );
}

/** The open conversation: who it is with, the messages, the field to write. */
export function ConversationThread({ conversationId, userId }: { conversationId: string; userId: string }) {
  const socket = useRealtimeSocket();
  const conversations = useConversations();
  const otherUser = conversations.data?.pages
    .flatMap((page) => page.data)
    .find((c) => c.id === conversationId)?.otherUser;
  const name = otherUser?.displayName ?? 'Conversa';

  const query = useMessages(conversationId);
  const messages = query.data?.pages.toReversed().flatMap((page) => page.data) ?? [];
  useOpenThread(conversationId);
  useJoinConversation(socket, conversationId);
  const isOtherTyping = useOtherIsTyping(socket, conversationId, userId);
  const { notifyTyping, stopTyping } = useTypingNotifier(socket, conversationId);

  // Spec §4: opening the conversation marks it read; so does each message arriving while open.
  const { mutate: markRead } = useMarkConversationRead();
  const newestFromOther = messages.findLast((m) => m.senderId !== userId)?.id;
  const loaded = query.isSuccess;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message from the other one marks it read again
  useEffect(() => {
    if (loaded) markRead(conversationId);
  }, [loaded, conversationId, newestFromOther, markRead]);

  // A conversation just started here: the message box takes the focus (each time, hence the key).
  const location = useLocation();
  const focusKey = wantsMessageFocus(location.state) ? location.key : undefined;

  const { mutate: send } = useSendMessage(userId, socket);
  const handleSend = (content: string) => {
    stopTyping();
    send({ conversationId, content, clientId: newClientId() });
  };
  const handleRetry = (message: ThreadMessage) => {
    if (message.clientId) send({ conversationId, content: message.content, clientId: message.clientId });
  };

  if (query.error instanceof ApiError && query.error.status === 404) return <ConversationNotFound />;

  return (
    <>
      <header className="flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 dark:border-slate-800 dark:bg-slate-950">
        <Link
          to={paths.chat()}
          aria-label="Voltar para as conversas"
          className="flex size-10 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 md:hidden dark:hover:bg-slate-800"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </Link>
        <UserAvatar name={name} src={otherUser?.avatar} size={9} />
        <div className="grid min-w-0">
          <h2 className="truncate font-semibold">{name}</h2>
          <p role="status" className="h-4 text-xs leading-4 text-indigo-600 dark:text-indigo-400">
            {isOtherTyping ? CHAT_MESSAGES.typing : ''}
          </p>
        </div>
        <HeaderActions />
      </header>
      {query.isPending ? (
        <div
          role="status"
          aria-label="Carregando mensagens"
          className="flex flex-1 items-center justify-center"
        >
          <Spinner />
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm"
        >
          <p>{query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw className="size-4" aria-hidden />
            Tentar novamente
          </Button>
        </div>
      ) : (
        <MessageLog
          label={`Mensagens com ${name}`}
          messages={messages}
          userId={userId}
          hasOlder={query.hasNextPage}
          isLoadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
          onRetry={handleRetry}
        />
      )}
      {!query.isError && <MessageComposer onSend={handleSend} onTyping={notifyTyping} focusKey={focusKey} />}
    </>
  );
}
