import type { AppContext } from '../../context.ts';
import { showImageAgain } from './image-check.service.ts';

/** Issue 43: a reversed appeal of an image's hiding or blur shows the image again. */
export function subscribeMedia(ctx: AppContext): void {
  ctx.events.on('moderation.appealDecided', async (tx, appeal) => {
    if (appeal.uphold || appeal.itemType !== 'image' || !appeal.itemId) return;
    await showImageAgain(ctx, tx, appeal.itemId, appeal.decidedBy, new Date(appeal.at));
  });
}
