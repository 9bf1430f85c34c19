import { USER_MESSAGES } from '@estudai/contract/constants';
import { UserMinus, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useToggleFollow } from '../api/toggle-follow.ts';

/** 'Seguir' / 'Deixar de seguir', 'Carregando...' while pending; clicks meanwhile are ignored. */
export function FollowButton({
  userId,
  isFollowing,
  size = 'md',
}: {
  userId: string;
  isFollowing: boolean;
  size?: 'sm' | 'md';
}) {
  const toggle = useToggleFollow();
  const handleClick = () => {
    if (toggle.isPending) return;
    toggle.mutate({ userId, follow: !isFollowing });
  };
  return (
    <Button
      size={size}
      variant={isFollowing ? 'outline' : 'primary'}
      aria-disabled={toggle.isPending}
      aria-busy={toggle.isPending}
      onClick={handleClick}
    >
      {toggle.isPending ? null : isFollowing ? (
        <UserMinus className="size-4" aria-hidden />
      ) : (
        <UserPlus className="size-4" aria-hidden />
      )}
      {toggle.isPending ? USER_MESSAGES.pending : isFollowing ? USER_MESSAGES.unfollow : USER_MESSAGES.follow}
    </Button>
  );
}
