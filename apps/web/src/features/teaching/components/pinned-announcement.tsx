import { TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { Megaphone } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime, formatRelativeAgo } from '../../../lib/format.ts';
import { useAnnouncements } from '../api/announcements.ts';

/** The group's pinned announcement ('Aviso'), on top of its content; nothing when there is none. */
export function PinnedAnnouncement({ groupId }: { groupId: string }) {
  const announcements = useAnnouncements(groupId);
  const pinned = announcements.data?.find((item) => item.isPinned) ?? announcements.data?.[0];
  if (!pinned) return null;
  return (
    <section
      aria-label={M.announcementsTitle}
      className="grid gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40"
    >
      <div className="flex items-center gap-2">
        <Megaphone className="size-4 text-amber-700 dark:text-amber-300" aria-hidden />
        <Badge tone="yellow">{M.announcementBadge}</Badge>
        <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
          <UserAvatar name={pinned.authorName} src={pinned.authorAvatar} size={5} />
          <span className="truncate">{pinned.authorName}</span>
          <time dateTime={pinned.createdAt} title={formatDateTime(pinned.createdAt)} className="shrink-0">
            · {formatRelativeAgo(pinned.createdAt)}
          </time>
        </span>
      </div>
      <p className="text-sm whitespace-pre-line break-words text-slate-800 dark:text-slate-100">
        {pinned.content}
      </p>
    </section>
  );
}
