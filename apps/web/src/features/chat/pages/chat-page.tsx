import { CHAT_MESSAGES } from '@estudai/contract/constants';
import { ArrowLeft, MessageCircle, SquarePen } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HeaderActions } from '../../../components/header-actions.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { ConversationList } from '../components/conversation-list.tsx';
import { ConversationThread } from '../components/conversation-thread.tsx';
import { NewConversationDialog } from '../components/new-conversation-dialog.tsx';
import { focusMessageState } from '../message-focus.ts';

const CONVERSATION_PARAM = 'conversation';

/**
 * Spec §2 /chat: the conversations beside the open thread; on small screens one at a time.
 * The open conversation is in the address (?conversation={id}).
 */
export function ChatPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selectedId = params.get(CONVERSATION_PARAM);
  const [creating, setCreating] = useState(false);
  const openCreate = () => setCreating(true);

  return (
    // The whole screen (the tab bar is hidden here), so the thread can fill it beside the list.
    <div className="fixed inset-0 flex flex-col bg-slate-50 dark:bg-slate-950">
      <header
        className={cn(
          'shrink-0 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950',
          selectedId && 'hidden md:block',
        )}
      >
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-4">
          <Link
            to={paths.home()}
            aria-label="Voltar"
            className="-ml-2 flex size-10 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
          >
            <ArrowLeft className="size-5" aria-hidden />
          </Link>
          <h1 className="flex-1 text-lg font-semibold">{CHAT_MESSAGES.title}</h1>
          <HeaderActions />
          <button
            type="button"
            aria-label="Nova conversa"
            onClick={openCreate}
            className="-mr-2 flex size-10 items-center justify-center rounded-full text-indigo-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-indigo-400 dark:hover:bg-slate-800"
          >
            <SquarePen className="size-5" aria-hidden />
          </button>
        </div>
      </header>
      <div className="mx-auto flex min-h-0 w-full max-w-5xl flex-1 md:border-x md:border-slate-200 md:dark:border-slate-800">
        <section
          aria-label="Lista de conversas"
          className={cn(
            'min-h-0 w-full flex-col bg-white md:w-80 md:shrink-0 md:border-r md:border-slate-200 dark:bg-slate-950 md:dark:border-slate-800',
            selectedId ? 'hidden md:flex' : 'flex',
          )}
        >
          <ConversationList selectedId={selectedId} onNewConversation={openCreate} />
        </section>
        <section
          aria-label="Conversa"
          className={cn('min-h-0 min-w-0 flex-1 flex-col', selectedId ? 'flex' : 'hidden md:flex')}
        >
          {selectedId && user ? (
            <ConversationThread key={selectedId} conversationId={selectedId} userId={user.id} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-500 dark:text-slate-400">
              <MessageCircle className="size-12" aria-hidden />
              <p>{CHAT_MESSAGES.noSelection}</p>
            </div>
          )}
        </section>
      </div>
      <NewConversationDialog
        open={creating}
        onOpenChange={setCreating}
        onStarted={(conversationId) => navigate(paths.chat(conversationId), { state: focusMessageState })}
      />
    </div>
  );
}
