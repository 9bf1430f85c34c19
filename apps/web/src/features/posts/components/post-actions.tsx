import type { Post } from '@estudai/contract/constants';
import { Bookmark, Heart, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { useTogglePostLike } from '../api/toggle-post-like.ts';
import { useTogglePostSave } from '../api/toggle-post-save.ts';
import { ShareButton } from './share-button.tsx';

const actionClasses =
  'inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * Like, comment, share and save, under every card. A name holds the count the button shows (WCAG 2.5.3,
 * label in name), after a comma: a parenthesised count is not taken as part of the name.
 */
export function PostActions({ post }: { post: Post }) {
  const like = useTogglePostLike(post);
  const save = useTogglePostSave(post);
  return (
    <footer className="-mx-2 mt-1 flex items-center gap-1 border-t border-slate-100 pt-2 dark:border-slate-800">
      <button
        type="button"
        aria-label={`Curtir, ${post.likesCount}`}
        aria-pressed={post.isLiked}
        onClick={() => {
          if (!like.isPending) like.mutate({ postId: post.id, like: !post.isLiked });
        }}
        className={cn(actionClasses, post.isLiked && 'text-rose-600 dark:text-rose-400')}
      >
        <Heart className={cn('size-5', post.isLiked && 'fill-current')} aria-hidden />
        <span>{post.likesCount}</span>
      </button>
      <Link
        to={paths.postComments(post.id)}
        aria-label={`Comentários, ${post.commentsCount}`}
        className={actionClasses}
      >
        <MessageCircle className="size-5" aria-hidden />
        <span>{post.commentsCount}</span>
      </Link>
      <ShareButton post={post} className={actionClasses} />
      <button
        type="button"
        aria-label="Salvar"
        aria-pressed={post.isSaved}
        onClick={() => {
          if (!save.isPending) save.mutate({ postId: post.id, save: !post.isSaved });
        }}
        className={cn(actionClasses, 'ml-auto', post.isSaved && 'text-indigo-600 dark:text-indigo-400')}
      >
        <Bookmark className={cn('size-5', post.isSaved && 'fill-current')} aria-hidden />
      </button>
    </footer>
  );
}
