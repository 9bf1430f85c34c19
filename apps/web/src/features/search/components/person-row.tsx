import type { UserSummary } from '@estudai/contract/constants';
import { USER_TYPE_LABELS } from '@estudai/contract/constants';
import { BadgeCheck } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { paths } from '../../../lib/paths.ts';

/** A person found: avatar, name, @username and what they are; opens the profile. */
export function PersonRow({ person }: { person: UserSummary }) {
  return (
    <Link
      to={paths.user(person.id)}
      className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
    >
      <UserAvatar name={person.displayName} src={person.avatar} size={11} />
      <span className="grid min-w-0 flex-1">
        <span className="flex min-w-0 items-center gap-1 font-medium">
          <span className="truncate">{person.displayName}</span>
          {person.isVerified && (
            <BadgeCheck className="size-4 shrink-0 text-indigo-600" aria-label="Verificado" />
          )}
        </span>
        <span className="truncate text-sm text-slate-500 dark:text-slate-400">
          @{person.username} · {USER_TYPE_LABELS[person.userType]}
        </span>
      </span>
      {person.isFollowing && <span className="shrink-0 text-xs text-slate-500">Seguindo</span>}
    </Link>
  );
}
