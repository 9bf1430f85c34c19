import type { PostAuthor } from '@estudai/contract';

/**
 * A person as the author of something others read (a post, a comment, a bank question, a simulado,
 * a resolution): only the public fields, whatever row (or session user) they come from.
 */
export function toAuthor(author: PostAuthor): PostAuthor {
  return {
    id: author.id,
    displayName: author.displayName,
    username: author.username,
    avatar: author.avatar,
    userType: author.userType,
    isVerified: author.isVerified,
  };
}
