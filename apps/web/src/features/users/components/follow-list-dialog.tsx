import { Link } from 'react-router';
import { LoadMore } from '../../../components/load-more.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { paths } from '../../../lib/paths.ts';
import { type FollowDirection, useFollows } from '../../../lib/queries/follows.ts';
import { FollowButton } from './follow-button.tsx';
import { UserTypeBadge, VerifiedBadge } from './user-type-badge.tsx';

const TITLES: Record<FollowDirection, string> = { followers: 'Seguidores', following: 'Seguindo' };
const EMPTY: Record<FollowDirection, string> = {
  followers: 'Ninguém segue este perfil ainda.',
  following: 'Este perfil ainda não segue ninguém.',
};

function ListSkeleton() {
  return (
    <div role="status" aria-label="Carregando lista" className="grid gap-3 p-5">
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex items-center gap-3">
          <Skeleton radius="full" className="size-10" />
          <div className="grid flex-1 gap-1.5">
            <Skeleton className="h-3.5 w-32" />
            <Skeleton className="h-3 w-20" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Followers or followed people of a user (spec §2); a name opens that profile. */
export function FollowListDialog({
  userId,
  direction,
  onClose,
}: {
  userId: string;
  direction: FollowDirection | null;
  onClose: () => void;
}) {
  const { user: viewer } = useAuth();
  const list = useFollows(userId, direction ?? 'followers', direction !== null);
  const people = list.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <Dialog open={direction !== null} onOpenChange={(open) => !open && onClose()}>
      {direction && (
        <DialogContent title={TITLES[direction]}>
          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError ? (
            <p role="alert" className="p-5 text-sm text-red-600">
              {list.error.message}
            </p>
          ) : people.length === 0 ? (
            <p className="p-5 text-center text-sm text-slate-500 dark:text-slate-400">{EMPTY[direction]}</p>
          ) : (
            <ul className="grid gap-1 p-3">
              {people.map((person) => (
                <li
                  key={person.id}
                  className="flex items-center gap-3 rounded-xl p-2 hover:bg-slate-50 dark:hover:bg-slate-800/60"
                >
                  <Link
                    to={paths.user(person.id)}
                    onClick={onClose}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-500"
                  >
                    <UserAvatar name={person.displayName} src={person.avatar} />
                    <span className="grid min-w-0">
                      <span className="flex items-center gap-1 font-medium">
                        <span className="truncate">{person.displayName}</span>
                        {person.isVerified && <VerifiedBadge size="sm" />}
                      </span>
                      <span className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
                        <span className="truncate">@{person.username}</span>
                        <UserTypeBadge userType={person.userType} size="sm" />
                      </span>
                    </span>
                  </Link>
                  {person.id !== viewer?.id && (
                    <FollowButton userId={person.id} isFollowing={person.isFollowing} size="sm" />
                  )}
                </li>
              ))}
            </ul>
          )}
          <LoadMore query={list} label="Carregando mais..." />
        </DialogContent>
      )}
    </Dialog>
  );
}
