import type { AppContext } from '../../context.ts';
import { recordModerationAction } from './enforcement.service.ts';

/**
 * Issue 43: the automatic checks' actions reach the person like a moderator's, naming the rule and
 * the item, with 'Recorrer' — a photo the classifier (or a moderator) hid or blurred, and a message to
 * a minor held for asking for contact elsewhere. Recorded in the emitter's transaction; neither is a
 * strike (a classifier's mistake, or one held message, must not limit anyone: a moderator's warning
 * does that).
 */
export function subscribeEnforcement(ctx: AppContext): void {
  ctx.events.on('media.classified', async (tx, event) => {
    if (event.sensitivity === 'ok') return;
    await recordModerationAction(ctx, tx, {
      userId: event.uploaderId,
      kind: 'image_hidden',
      rule: 'conteudo_sensivel',
      itemType: 'image',
      itemId: event.key,
      moderatorId: event.decidedBy ?? null,
      at: new Date(event.at),
    });
  });
  ctx.events.on('chat.messageHeld', async (tx, event) => {
    await recordModerationAction(ctx, tx, {
      userId: event.senderId,
      kind: 'message_held',
      rule: 'contato_inseguro',
      itemType: 'message',
      itemId: event.messageId,
      moderatorId: null,
      at: new Date(event.at),
    });
  });
}
