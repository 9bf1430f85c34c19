import type { CreatePostInput } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { buildPostValues } from './post-values.ts';
import { deletePostRows, insertPosts } from './posts.queries.ts';

// Posts made in bulk by an import of questions (features/imports): validated question and quiz
// inputs, inserted in the caller's transaction. No mention or tenth-post event for each: imported
// questions carry no text of their own; the caller tells the group once (`announceImportedPosts`).

/** Each post with its own instant (`createdAt`, a millisecond apart): the file's order is kept. */
export function insertImportedPosts(
  tx: Tx,
  authorId: string,
  inputs: { input: CreatePostInput; createdAt: Date }[],
): Promise<string[]> {
  return insertPosts(
    tx,
    inputs.map(({ input, createdAt }) => ({ authorId, createdAt, ...buildPostValues(input, createdAt) })),
  );
}

export function deleteImportedPosts(tx: Tx, ids: string[]): Promise<void> {
  return deletePostRows(tx, ids);
}

/** Once an import is done: the group's members hear of it once; the main feed's pages move. */
export async function announceImportedPosts(
  ctx: AppContext,
  tx: Tx,
  authorId: string,
  studyGroupId: string | null,
): Promise<void> {
  if (studyGroupId) {
    await ctx.events.emit(tx, 'group.contentAdded', {
      groupId: studyGroupId,
      actorId: authorId,
      news: 'post',
    });
    return;
  }
  const at = ctx.clock().toISOString();
  ctx.events.afterCommit(tx, () =>
    ctx.bus.publish('post.created', { postId: '', authorId, studyGroupId, at }),
  );
}
