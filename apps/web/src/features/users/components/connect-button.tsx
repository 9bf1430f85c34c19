import { NOTIFICATION_MESSAGES, USER_MESSAGES, type UserProfile } from '@estudai/contract/constants';
import { Check, Handshake } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useConnect } from '../api/connect-user.ts';

type ConnectState = Pick<UserProfile, 'id' | 'isFollowing' | 'followsYou' | 'connectionRequested'>;

/**
 * 'Conectar' on another user's profile, in its three states: not asked, asked and waiting
 * ('Solicitação enviada'), connected (both follow each other). The label hides on narrow screens,
 * leaving the icon.
 */
export function ConnectButton({ profile }: { profile: ConnectState }) {
  const connect = useConnect(profile.id);
  if (profile.isFollowing && profile.followsYou) {
    return (
      <span className="inline-flex h-9 items-center gap-1.5 rounded-xl px-2 text-sm font-medium text-emerald-700 dark:text-emerald-400">
        <Check className="size-4" aria-hidden />
        {USER_MESSAGES.connected}
      </span>
    );
  }
  if (profile.connectionRequested) {
    return (
      <Button size="sm" variant="outline" disabled>
        <Handshake className="size-4" aria-hidden />
        {NOTIFICATION_MESSAGES.requestSent}
      </Button>
    );
  }
  const handleClick = () => {
    if (!connect.isPending) connect.mutate();
  };
  return (
    <Button
      size="sm"
      variant="outline"
      aria-disabled={connect.isPending}
      aria-busy={connect.isPending}
      onClick={handleClick}
    >
      <Handshake className="size-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">{connect.isPending ? USER_MESSAGES.pending : 'Conectar'}</span>
    </Button>
  );
}
