import { ESSAY_STATUS_LABELS, GROUP_CREATOR_TYPES, type StudyGroup } from '@estudai/contract/constants';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { useGroupQueue, useOwnedGroups } from '../api/teacher-queue.ts';

const age = (hours: number) => (hours < 24 ? `há ${hours} h` : `há ${Math.floor(hours / 24)} d`);

function GroupQueue({ group }: { group: StudyGroup }) {
  const queue = useGroupQueue(group.id);
  const items = queue.data ?? [];
  return (
    <li className="grid gap-2">
      {/* As tall with 'Corrigir' as without: a group's queue arriving never moves the groups below. */}
      <div className="flex min-h-9 items-center justify-between gap-2">
        <span className="min-w-0 truncate text-sm font-medium">{group.name}</span>
        {items.length > 0 && (
          <Link
            to={`${paths.reviewEssays()}?grupo=${encodeURIComponent(group.id)}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={`Corrigir redações de ${group.name}`}
          >
            Corrigir
          </Link>
        )}
      </div>
      {!queue.data ? (
        // One line, as 'Nenhuma redação esperando.' or a queue of one takes.
        <Skeleton className="h-4 w-3/5" />
      ) : items.length === 0 ? (
        <p className="text-xs text-slate-500">Nenhuma redação esperando.</p>
      ) : (
        <ul className="grid gap-1 text-xs text-slate-600 dark:text-slate-300">
          {items.map((item) => (
            <li key={item.essayId} className="flex justify-between gap-2">
              <span className="min-w-0 truncate">{item.promptTitle}</span>
              <span className="shrink-0">
                {ESSAY_STATUS_LABELS[item.status]} · {age(item.waitingHours)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The groups whose queues a teacher sees (none for anyone else), and whether they are still being
 * asked for: the page waits for them, so the queue does not push the page down as it arrives.
 */
export function useTeacherQueue(): { groups: StudyGroup[]; pending: boolean } {
  const { user } = useAuth();
  const teaches = Boolean(user && (GROUP_CREATOR_TYPES as readonly string[]).includes(user.userType));
  const groups = useOwnedGroups(user?.id, teaches);
  return { groups: (teaches && groups.data) || [], pending: teaches && groups.isPending };
}

/** A teacher's correction queue: each group they own, the essays waiting and how long they have waited. */
export function TeacherQueue({ groups }: { groups: StudyGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <Card padding="sm" className="grid gap-3">
      <h2 className="font-semibold">Fila de correção dos seus grupos</h2>
      <ul className="grid gap-3">
        {groups.map((group) => (
          <GroupQueue key={group.id} group={group} />
        ))}
      </ul>
    </Card>
  );
}
