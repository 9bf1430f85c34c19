import type { Notification, NotificationType } from '@estudai/contract/constants';
import {
  AtSign,
  Bell,
  Heart,
  Info,
  type LucideIcon,
  MessageCircle,
  Trophy,
  UserPlus,
  Users,
} from 'lucide-react';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { useFollowBack } from '../api/follow-back.ts';
import { MessageWithMentions } from './message-with-mentions.tsx';

const TYPE_ICONS: Record<NotificationType, LucideIcon> = {
  like: Heart,
  comment: MessageCircle,
  follow: UserPlus,
  mention: AtSign,
  group_invite: Users,
  study_group: Users,
  system: Info,
  achievement: Trophy,
};

const TYPE_COLORS: Record<NotificationType, string> = {
  like: 'bg-rose-500',
  comment: 'bg-sky-500',
  follow: 'bg-indigo-500',
  mention: 'bg-violet-500',
  group_invite: 'bg-emerald-500',
  study_group: 'bg-emerald-500',
  system: 'bg-slate-500',
  achievement: 'bg-amber-500',
};

function NotificationIcon({ notification }: { notification: Notification }) {
  const Icon = TYPE_ICONS[notification.type] ?? Bell;
  const color = TYPE_COLORS[notification.type] ?? 'bg-slate-500';
  if (!notification.relatedUserName) {
    return (
      <span
        className={cn('flex size-11 shrink-0 items-center justify-center rounded-full text-white', color)}
      >
        <Icon className="size-5" aria-hidden />
      </span>
    );
  }
  return (
    <span className="relative shrink-0">
      <UserAvatar name={notification.relatedUserName} src={notification.relatedUserAvatar} size={11} />
      <span
        className={cn(
          'absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full text-white ring-2 ring-white dark:ring-slate-900',
          color,
        )}
      >
        <Icon className="size-3" aria-hidden />
      </span>
    </span>
  );
}

/** A new follower's card: 'Seguir de volta', above the card's own link (like its mentions). */
function FollowBackButton({ userId, name }: { userId: string; name: string | null }) {
  const followBack = useFollowBack();
  return (
    <button
      type="button"
      onClick={() => followBack.mutate(userId)}
      disabled={followBack.isPending}
      aria-label={name ? `Seguir ${name} de volta` : undefined}
      className="relative z-10 shrink-0 self-center rounded-full bg-indigo-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-indigo-700 disabled:opacity-60"
    >
      Seguir de volta
    </button>
  );
}

/** One notification; the whole card opens it (its mentions are links of their own). */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}) {
  const unread = !notification.isRead;
  return (
    <li>
      <article
        className={cn(
          'relative flex items-start gap-3 rounded-2xl border p-4 transition-colors',
          'has-[button:focus-visible]:outline-2 has-[button:focus-visible]:outline-indigo-500',
          unread
            ? 'border-indigo-200 bg-indigo-50/70 hover:bg-indigo-50 dark:border-indigo-900 dark:bg-indigo-950/40'
            : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800/70',
        )}
      >
        <NotificationIcon notification={notification} />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h3 className="text-sm">
            <button
              type="button"
              onClick={() => onOpen(notification)}
              className={cn(
                'text-left outline-none after:absolute after:inset-0 after:rounded-2xl',
                unread ? 'font-semibold' : 'font-medium',
              )}
            >
              {notification.title}
            </button>
          </h3>
          <p className="text-sm break-words text-slate-600 dark:text-slate-300">
            <MessageWithMentions message={notification.message} />
          </p>
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt)}
            className="text-xs text-slate-500 dark:text-slate-400"
          >
            {formatRelativeTime(notification.createdAt)}
          </time>
        </div>
        {notification.type === 'follow' &&
          notification.followedBack === false &&
          notification.relatedUserId && (
            <FollowBackButton userId={notification.relatedUserId} name={notification.relatedUserName} />
          )}
        {unread && (
          <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-indigo-600">
            <span className="sr-only">Não lida</span>
          </span>
        )}
      </article>
    </li>
  );
}
