import type { FastifyRequest } from 'fastify';
import { loadPostFileFacts, postFileServed } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { MEDIA_PREFIX, mediaKey } from '../../plugins/media.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Issue 37: who may read an upload at /media/. A post's photo or PDF goes through the posts' rule
// on every request (plugins/media.ts asks this before streaming); avatars and covers are public.

const POST_FOLDERS = /^(?:posts|attachments)\//;

/** The `canRead` of the media plugin: the viewer from the session cookie, then the file rule. */
export function mediaReadCheck(ctx: AppContext) {
  return async (request: FastifyRequest, relative: string): Promise<boolean> => {
    if (!POST_FOLDERS.test(relative)) return true;
    const token = request.cookies[SESSION_COOKIE];
    const viewer = token ? ((await ctx.sessions.findUser(token)) ?? null) : null;
    const url = new URL(`${MEDIA_PREFIX}${relative}`, ctx.config.publicUrl).toString();
    return postFileServed(await loadPostFileFacts(ctx.database.db, viewer, { url, key: mediaKey(relative) }));
  };
}
