import { CHAT_MESSAGES } from '@estudai/contract/constants';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/** Spec §8 (start chat, send message): the server's error field, else 'Tente novamente'. */
export function toastChatError(title: string, error: unknown) {
  const fromServer = error instanceof ApiError && error.status > 0 ? error.message : undefined;
  toast({ title, description: fromServer || CHAT_MESSAGES.fallback, variant: 'destructive' });
}
