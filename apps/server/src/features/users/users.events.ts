import type { AppContext } from '../../context.ts';
import { avatarUrl } from './avatars.ts';
import { setCheckedAvatar } from './users.queries.ts';

const AVATAR_KEY = /^uploads\/avatars\//;

/**
 * Issue 43: an avatar is shown small on every post, comment and list, with no blur to tap through,
 * so one the image check (or a moderator) finds sensitive or blocked leaves the profile at once; a
 * moderator's 'ok' (a decision, or a reversed appeal) brings it back unless another took its place.
 */
export function subscribeUsers(ctx: AppContext): void {
  ctx.events.on('media.classified', async (tx, event) => {
    if (!AVATAR_KEY.test(event.key)) return;
    const url = avatarUrl(event.key);
    const shown = event.sensitivity === 'ok';
    if (shown && !event.decidedBy) return;
    const changed = await setCheckedAvatar(tx, event.uploaderId, url, shown, new Date(event.at));
    if (!changed) return;
    ctx.events.afterCommit(tx, () => {
      ctx.sessions.forgetUser(event.uploaderId);
      ctx.bus.publish('author.changed', { userId: event.uploaderId, visibility: false });
    });
  });
}
