import { CHAT_MESSAGES, type ChatSendAck, chatSendSchema, ErrorCode } from '@estudai/contract';
import type { FastifyError } from 'fastify';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { hasNulCharacter } from '../../lib/text.ts';
import { isUuid } from '../../lib/uuid.ts';
import { errorReplyOf } from '../../plugins/errors.ts';
import type { RealtimeSocket } from '../../plugins/realtime.ts';
import { verifiedUser } from '../../plugins/session.ts';
import { INVALID_TEXT_CODE, INVALID_TEXT_MESSAGE } from '../../plugins/text-input.ts';
import { getParticipantConversation, sendMessage } from './chat.service.ts';

const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
/** Socket payloads are whatever a client sends: an id must be a UUID string. */
const isId = (value: unknown): value is string => typeof value === 'string' && isUuid(value);

/** The per-account count of messages the HTTP route shares (chat.routes.ts). */
interface MessagesLimit {
  count(userId: string): Promise<void>;
}

/**
 * `chat:send`: a message sent over the open socket, by the same checks as `POST …/messages` in the
 * same order — the session as it is now and a confirmed e-mail, the per-account limit, U+0000, the
 * payload, then the service's rules (blocks, minors, mutual follow, strikes, clientId) — answered as
 * that route answers (decision 066).
 */
async function sendOverSocket(
  ctx: AppContext,
  socket: RealtimeSocket,
  limit: MessagesLimit,
  payload: unknown,
): Promise<ChatSendAck> {
  try {
    const user = verifiedUser(await ctx.realtime.userOf(socket));
    // The route's order: its hooks count the limit, then U+0000 is refused, then the body is validated.
    await limit.count(user.id);
    if (hasNulCharacter(payload)) throw badRequest(INVALID_TEXT_MESSAGE, INVALID_TEXT_CODE);
    const parsed = chatSendSchema.safeParse(payload);
    if (!parsed.success)
      throw badRequest(parsed.error.issues[0]?.message ?? 'Dados inválidos.', ErrorCode.validation);
    const { conversationId, ...input } = parsed.data;
    // The sending tab has the message in this answer: its other tabs get it as a 'chat:message'.
    const { created, message } = await sendMessage(ctx, user.id, conversationId, input, socket.id);
    return { status: created ? 201 : 200, data: message };
  } catch (error) {
    const { status, headers, body } = errorReplyOf(error as FastifyError, ctx.log);
    const retryAfter = Number(headers['retry-after']);
    return {
      status,
      error: body.error ?? '',
      code: body.code ?? ErrorCode.internal,
      ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}),
    };
  }
}

/**
 * Live events of an open thread. Messages and read receipts travel to user rooms (every tab, even
 * outside the thread; a message sent here not back to the tab that sent it, whose answer has it);
 * joining a conversation's room, for the typing indicator, is for participants only.
 */
export function registerChatSocket(ctx: AppContext, messagesLimit: MessagesLimit): void {
  ctx.realtime.onConnection((socket) => {
    const { userId } = socket.data;

    socket.on('chat:send', async (payload, ack) => {
      const answer = await sendOverSocket(ctx, socket, messagesLimit, payload);
      if (typeof ack === 'function') ack(answer);
    });

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
