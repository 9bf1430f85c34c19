import { useAuth } from '../../../lib/auth.tsx';
import { useRealtimeSocket } from '../../../lib/socket.ts';
import { useChatLiveUpdates } from '../live/use-chat-live-updates.ts';

/** Keeps chat live on every signed-in page (new messages, 'Nova mensagem de <nome>', read receipts). */
export function ChatListener() {
  const { user } = useAuth();
  const socket = useRealtimeSocket();
  useChatLiveUpdates(socket, user?.id ?? null);
  return null;
}
