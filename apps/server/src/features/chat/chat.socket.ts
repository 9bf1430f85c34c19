import { CHAT_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { isUuid } from '../../lib/uuid.ts';
import { getParticipantConversation } from './chat.service.ts';

const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
/** Socket payloads are whatever a client sends: an id must be a UUID string. */
const isId = (value: unknown): value is string => typeof value === 'string' && isUuid(value);

/**
 * Live events of an open thread. Messages and read receipts travel to user rooms (every tab, even
 * outside the thread); joining a conversation's room, for the typing indicator, is for participants only.
 */
export function registerChatSocket(ctx: AppContext): void {
  ctx.realtime.onConnection((socket) => {
    const { userId } = socket.data;

    socket.on('chat:join', async (conversationId, ack) => {
      const reply = typeof ack === 'function' ? ack : () => {};
      try {
        if (!isId(conversationId)) throw new Error('invalid id');
        await getParticipantConversation(ctx.database.db, conversationId, userId);
        await socket.join(conversationRoom(conversationId));
        reply({ ok: true });
      } catch {
        reply({ ok: false, error: CHAT_MESSAGES.notFound });
      }
    });

    socket.on('chat:leave', (conversationId) => {
      if (isId(conversationId)) void socket.leave(conversationRoom(conversationId));
    });

    socket.on('chat:typing', (payload) => {
      const conversationId = payload?.conversationId;
      // Only a socket that joined (so a participant) may speak in the room.
      if (!isId(conversationId) || !socket.rooms.has(conversationRoom(conversationId))) return;
      socket.to(conversationRoom(conversationId)).emit('chat:typing', {
        conversationId,
        userId,
        isTyping: Boolean(payload.isTyping),
      });
    });
  });
}
