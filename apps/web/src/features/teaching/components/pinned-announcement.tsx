import { type Announcement, TEACHING_MESSAGES as M } from '@estudai/contract/constants';
import { ChevronDown, Megaphone } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatRelativeAgo } from '../../../lib/format.ts';
import { useAnnouncements } from '../api/announcements.ts';

/** Who wrote an announcement and when. */
function Byline({ announcement }: { announcement: Announcement }) {
  return (
    <span className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
      <UserAvatar name={announcement.authorName} src={announcement.authorAvatar} size={5} />
      <span className="truncate">{announcement.authorName}</span>
      <time
        dateTime={announcement.createdAt}
        title={formatDateTime(announcement.createdAt)}
        className="shrink-0"
      >
        · {formatRelativeAgo(announcement.createdAt)}
      </time>
    </span>
  );
}

const contentClasses = 'text-sm whitespace-pre-line break-words text-slate-800 dark:text-slate-100';

/**
 * The group's pinned announcement ('Aviso'), on top of its content, with the older ones a tap away
 * ('Avisos anteriores'); nothing when there is none.
 */
export function PinnedAnnouncement({ groupId }: { groupId: string }) {
  const announcements = useAnnouncements(groupId);
  const [showOlder, setShowOlder] = useState(false);
  const olderId = useId();
  const pinned = announcements.data?.find((item) => item.isPinned) ?? announcements.data?.[0];
  if (!pinned) return null;
  const older = (announcements.data ?? []).filter((item) => item.id !== pinned.id);
  return (
    <section
      aria-label={M.announcementsTitle}
      className="grid gap-2 rounded-2xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40"
    >
      <div className="flex items-center gap-2">
        <Megaphone className="size-4 text-amber-700 dark:text-amber-300" aria-hidden />
        <Badge tone="yellow">{M.announcementBadge}</Badge>
        <Byline announcement={pinned} />
      </div>
      <p className={contentClasses}>{pinned.content}</p>
      {older.length > 0 && (
        <>
          <button
            type="button"
            aria-expanded={showOlder}
            aria-controls={olderId}
            onClick={() => setShowOlder((shown) => !shown)}
            className="flex items-center gap-1 justify-self-start rounded-lg py-1 text-sm font-medium text-amber-800 hover:underline focus-visible:outline-2 focus-visible:outline-amber-600 dark:text-amber-200"
          >
            {showOlder ? M.hideOlderAnnouncements : M.olderAnnouncements(older.length)}
            <ChevronDown
              className={cn('size-4 transition-transform', showOlder && 'rotate-180')}
              aria-hidden
            />
          </button>
          {showOlder && (
            <ul id={olderId} aria-label={M.olderAnnouncements(older.length)} className="grid gap-3">
              {older.map((item) => (
                <li key={item.id} className="grid gap-1 border-t border-amber-200 pt-3 dark:border-amber-900">
                  <Byline announcement={item} />
                  <p className={contentClasses}>{item.content}</p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
