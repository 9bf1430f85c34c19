import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { routes } from '../../../lib/paths.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { UnreadBadge } from './unread-badge.tsx';

/** The way to /chat from any screen's title bar: a round button with the unread count. */
export function ChatShortcut() {
  const { data: unread = 0 } = useUnreadCount();
  return (
    <Link
      to={routes.chat}
      className="relative flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <MessageCircle className="size-6" aria-hidden />
      <span className="sr-only">Mensagens</span>
      <UnreadBadge count={unread} className="absolute -top-0.5 -right-0.5" />
    </Link>
  );
}
