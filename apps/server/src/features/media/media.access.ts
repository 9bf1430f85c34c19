import type { FastifyRequest } from 'fastify';
import {
  essayFileServed,
  loadEssayFileFacts,
  loadPostFileFacts,
  postFileServed,
  storedImageServed,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { MEDIA_PREFIX, mediaKey } from '../../plugins/media.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Issue 37: who may read an upload at /media/. A post's photo or PDF goes through the posts' rule
// on every request (plugins/media.ts asks this before streaming); covers and avatars are public.
// Issue 43: a sensitive or blocked image (a post's, a cover, an avatar) goes through the image rule
// too, so a minor handed its address still gets a 404. Issue 38: an essay's image goes through the
// essays' rule (its author, teachers and graders; a proposal's readers).

const POST_FOLDERS = /^(?:posts|attachments)\//;
const OWN_RULE_FOLDERS = /^(?:covers|avatars)\//;
const ESSAY_FOLDER = /^essays\//;

/** The `canRead` of the media plugin: the viewer from the session cookie, then the file rule. */
export function mediaReadCheck(ctx: AppContext) {
  return async (request: FastifyRequest, relative: string): Promise<boolean> => {
    const isPostFile = POST_FOLDERS.test(relative);
    const isEssayFile = ESSAY_FOLDER.test(relative);
    if (!isPostFile && !isEssayFile && !OWN_RULE_FOLDERS.test(relative)) return true;
    const token = request.cookies[SESSION_COOKIE];
    const viewer = token ? ((await ctx.sessions.findUser(token)) ?? null) : null;
    const key = mediaKey(relative);
    const { db } = ctx.database;
    const now = ctx.clock();
    if (!isPostFile && !isEssayFile) return storedImageServed(db, viewer, key, now);
    const file = { url: new URL(`${MEDIA_PREFIX}${relative}`, ctx.config.publicUrl).toString(), key };
    if (isEssayFile) return essayFileServed(await loadEssayFileFacts(db, viewer, file, now));
    return postFileServed(await loadPostFileFacts(db, viewer, file, now));
  };
}
