import type { FastifyRequest } from 'fastify';
import {
  cardFileServed,
  essayFileServed,
  type FileViewer,
  loadCardFileFacts,
  loadEssayFileFacts,
  loadPostFileFacts,
  loadResolutionFileFacts,
  postFileServed,
  resolutionFileServed,
  storedImageServed,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { MEDIA_PREFIX, mediaKey } from '../../plugins/media.ts';
import { SESSION_COOKIE } from '../../plugins/session.ts';

// Issue 37: who may read an upload at /media/. A post's photo or PDF goes through the posts' rule
// on every request (plugins/media.ts asks this before streaming); covers and avatars are public.
// Issue 43: a sensitive or blocked image (a post's, a cover, an avatar) goes through the image rule
// too, so a minor handed its address still gets a 404. Issue 38: an essay's image goes through the
// essays' rule (its author, teachers and graders; a proposal's readers). Issue 40: a resolution's
// image through the resolutions' rule (the question seen and answered).

type FileRule = (
  db: Tx,
  viewer: FileViewer,
  file: { url: string; key: string },
  now: Date,
) => Promise<boolean>;

/** Each checked folder's rule; any other folder (the app's own files) is public. */
const RULES: Record<string, FileRule> = {
  posts: async (db, viewer, file, now) => postFileServed(await loadPostFileFacts(db, viewer, file, now)),
  attachments: async (db, viewer, file, now) =>
    postFileServed(await loadPostFileFacts(db, viewer, file, now)),
  essays: async (db, viewer, file, now) => essayFileServed(await loadEssayFileFacts(db, viewer, file, now)),
  resolutions: async (db, viewer, file, now) =>
    resolutionFileServed(await loadResolutionFileFacts(db, viewer, file, now)),
  // Issue 42: an imported flashcard's image, to whoever sees a deck holding it.
  cards: async (db, viewer, file, now) => cardFileServed(await loadCardFileFacts(db, viewer, file, now)),
  covers: (db, viewer, file, now) => storedImageServed(db, viewer, file.key, now),
  avatars: (db, viewer, file, now) => storedImageServed(db, viewer, file.key, now),
};

/** The `canRead` of the media plugin: the viewer from the session cookie, then the folder's file rule. */
export function mediaReadCheck(ctx: AppContext) {
  return async (request: FastifyRequest, relative: string): Promise<boolean> => {
    const rule = RULES[relative.slice(0, relative.indexOf('/'))];
    if (!rule) return true;
    const token = request.cookies[SESSION_COOKIE];
    const viewer = token ? ((await ctx.sessions.findUser(token)) ?? null) : null;
    const file = {
      url: new URL(`${MEDIA_PREFIX}${relative}`, ctx.config.publicUrl).toString(),
      key: mediaKey(relative),
    };
    return rule(ctx.database.db, viewer, file, ctx.clock());
  };
}
