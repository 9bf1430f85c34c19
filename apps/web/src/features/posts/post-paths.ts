import { generatePath } from 'react-router';
import { routes } from '../../lib/paths.ts';

/** /post/{postId}/comments, or /post/{postId}/comments/{commentId} to open at one comment. */
export const postCommentsPath = (postId: string, commentId?: string) =>
  generatePath(routes.postComments, { postId, commentId: commentId ?? null });

export const userPath = (userId: string) => generatePath(routes.user, { id: userId });
