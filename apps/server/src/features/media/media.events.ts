import type { AppContext } from '../../context.ts';
import { showImageAgain } from './image-check.service.ts';
import { checkStoredAvatar } from './media.service.ts';
import { releaseAvatarFile } from './post-files.service.ts';

/**
 * Issue 43: a new avatar is checked like an upload; a reversed appeal of an image's hiding or blur
 * shows the image again. Issue 37: a replaced or removed avatar's file goes through the removal job.
 */
export function subscribeMedia(ctx: AppContext): void {
  ctx.events.on('user.avatarStored', (tx, avatar) => checkStoredAvatar(ctx, tx, avatar.key, avatar.userId));
  ctx.events.on('user.avatarDropped', (tx, avatar) =>
    releaseAvatarFile(ctx, tx, avatar.key, avatar.userId, new Date(avatar.at)),
  );
  ctx.events.on('moderation.appealDecided', async (tx, appeal) => {
    if (appeal.uphold || appeal.itemType !== 'image' || !appeal.itemId) return;
    await showImageAgain(ctx, tx, appeal.itemId, appeal.decidedBy, new Date(appeal.at));
  });
}
