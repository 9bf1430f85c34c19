import { GROUP_MESSAGES, type StudyGroup } from '@estudai/contract/constants';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { LoadMoreButton } from '../../../components/load-more.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useFollows } from '../../../lib/queries/follows.ts';
import { toast } from '../../../lib/toast.ts';
import { useInviteToGroup } from '../api/invite-to-group.ts';

/** The owner's followers, each with 'Convidar'; an invite arrives as a notification. */
export function InviteDialog({
  group,
  open,
  onOpenChange,
}: {
  group: StudyGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // Who is already in the group (owner, co-teachers, members) is left out by the server (issue 36).
  const followers = useFollows(group.ownerId, 'followers', open, '', group.id);
  const invite = useInviteToGroup(group.id);
  const [invited, setInvited] = useState<ReadonlySet<string>>(new Set());
  const people = followers.data?.pages.flatMap((page) => page.data) ?? [];

  const send = (userId: string) =>
    invite.mutate(userId, {
      onSuccess: () => {
        setInvited((current) => new Set(current).add(userId));
        toast({ title: GROUP_MESSAGES.invited });
      },
      onError: (error) => toast({ title: 'Erro', description: error.message, variant: 'destructive' }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={GROUP_MESSAGES.inviteTitle} description={group.name}>
        <div className="grid gap-3 overflow-y-auto p-5">
          {followers.isPending ? (
            <div role="status" aria-label="Carregando seguidores" className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : followers.isError ? (
            <p className="text-sm text-red-600 dark:text-red-400">{followers.error.message}</p>
          ) : people.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">
              {GROUP_MESSAGES.inviteEmpty}
            </p>
          ) : (
            <ul aria-label="Seguidores" className="grid gap-2">
              {people.map((person) => {
                const done = invited.has(person.id);
                return (
                  <li key={person.id} className="flex items-center gap-3">
                    <UserAvatar name={person.displayName} src={person.avatar} />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">{person.displayName}</span>
                      <span className="block truncate text-xs text-slate-500">@{person.username}</span>
                    </span>
                    <Button
                      size="sm"
                      variant={done ? 'outline' : 'primary'}
                      disabled={done || (invite.isPending && invite.variables === person.id)}
                      aria-label={`${GROUP_MESSAGES.invite} ${person.displayName}`}
                      onClick={() => send(person.id)}
                    >
                      {done ? <Check className="size-4" aria-hidden /> : null}
                      {done ? 'Convidado' : GROUP_MESSAGES.invite}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <LoadMoreButton query={followers} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
