import { UNREAD_BADGE_CAP } from '@estudai/contract/constants';
import { cn } from '../../../lib/cn.ts';

/** Spec §4: the count, or '9+' above 9. */
const formatUnread = (count: number) => (count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(count));

const unreadLabel = (count: number) => (count === 1 ? '1 mensagem não lida' : `${count} mensagens não lidas`);

/** A round count of unread messages; nothing when there are none. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white',
        className,
      )}
    >
      <span aria-hidden>{formatUnread(count)}</span>
      <span className="sr-only">{unreadLabel(count)}</span>
    </span>
  );
}
