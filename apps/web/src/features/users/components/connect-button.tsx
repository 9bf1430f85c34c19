import { USER_MESSAGES } from '@estudai/contract/constants';
import { Handshake } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useConnect } from '../api/connect-user.ts';

/** 'Conectar' on another user's profile; the label hides on narrow screens, leaving the icon. */
export function ConnectButton({ userId }: { userId: string }) {
  const connect = useConnect();
  const handleClick = () => {
    if (!connect.isPending) connect.mutate(userId);
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
