import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { posts, users } from '../db/schema/index.ts';
import { postVisibleTo } from './posts.ts';

// Issue 37: the files of posts (photos, PDFs) are read through the rule of the posts that hold them,
// on every request: a members-only group's file only by its current members, a followers-only
// author's only by their followers, never across a block. A removed member, or anyone handed the
// address, gets a 404. (Group materials and exports have routes of their own that check first.)

/** What the file rule needs to know about one stored post file and one viewer. */
export interface PostFileFacts {
  /** Some post holds this file (a fresh upload not yet posted holds none). */
  heldByPost: boolean;
  /** One of those posts is visible to the viewer (`postVisibleTo`). */
  postVisible: boolean;
  /** Admins see what moderation asks them to judge, hidden posts too. */
  viewerIsAdmin: boolean;
}

/**
 * Whether a post's file is served to this viewer: a fresh upload (no post yet: its address is random
 * and only its uploader knows it) as before; a posted one only to who may read one of its posts, or
 * to an admin.
 */
export function postFileServed(facts: PostFileFacts): boolean {
  if (!facts.heldByPost) return true;
  return facts.postVisible || facts.viewerIsAdmin;
}

/** No account has this id: what an anonymous request is asked as. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The facts of `postFileServed` for the file at `url` (as `mediaUrls` keeps it) and a viewer (null:
 * not signed in). The GIN index on `posts.media_urls` answers the containment.
 */
export async function loadPostFileFacts(
  db: Tx,
  viewer: { id: string; userType: string } | null,
  url: string,
): Promise<PostFileFacts> {
  const rows = await db
    .select({ visible: sql<boolean>`${postVisibleTo(viewer?.id ?? NOBODY)}` })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(sql`${posts.mediaUrls} @> array[${url}]::text[]`)
    .limit(20);
  return {
    heldByPost: rows.length > 0,
    postVisible: rows.some((row) => row.visible),
    viewerIsAdmin: viewer?.userType === 'admin',
  };
}
