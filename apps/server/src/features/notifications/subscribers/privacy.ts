import { PRIVACY_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../../context.ts';
import { deliver, notify } from '../notifications.service.ts';

/** What privacy's work tells people (its events), recorded in the change's transaction. */
export function subscribePrivacyNotifications(ctx: AppContext): void {
  // A data export is ready: whoever asked for it may download it (they are mailed too).
  ctx.events.on('export.ready', async (tx, event) => {
    const row = await notify(tx, {
      userId: event.requestedBy,
      type: 'system',
      title: PRIVACY_MESSAGES.exportReadyTitle,
      message: PRIVACY_MESSAGES.exportReady,
      actionUrl: `/api/me/export/${event.exportId}/download`,
      dedupeKey: `data-export:${event.exportId}`,
    });
    ctx.events.afterCommit(tx, () => deliver(ctx, [row]));
  });
}
