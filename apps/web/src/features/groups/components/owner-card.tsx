import type { StudyGroup } from '@estudai/contract/constants';
import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatRating, formatStudents } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

/** Spec §2: who runs the group — rating, students and the verified flag; opens their profile. */
export function OwnerCard({ group }: { group: StudyGroup }) {
  const { advertiser } = group;
  return (
    <Link
      to={paths.user(group.ownerId)}
      aria-label={`Perfil de ${advertiser.displayName}`}
      className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-slate-700/60 dark:bg-slate-900 dark:hover:bg-slate-800"
    >
      <UserAvatar name={advertiser.displayName} src={advertiser.avatar} size={12} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-semibold">{advertiser.displayName}</span>
          {advertiser.isVerified && <Badge tone="indigo">Verificado</Badge>}
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-300">
          {advertiser.rating > 0 && (
            <span className="inline-flex items-center gap-1">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
              <span className="sr-only">Avaliação </span>
              {formatRating(advertiser.rating)}
            </span>
          )}
          <span>{formatStudents(advertiser.totalStudents)}</span>
        </div>
      </div>
    </Link>
  );
}
