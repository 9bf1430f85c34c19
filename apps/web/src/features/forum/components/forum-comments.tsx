import {
  FORUM_COMMENT_MAX,
  type ForumComment,
  GROUP_MESSAGES,
  POST_MESSAGES,
} from '@estudai/contract/constants';
import { useState } from 'react';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime, formatForumTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateForumComment } from '../api/forum-comment.ts';
import { useToggleForumCommentLike } from '../api/forum-like.ts';
import { ForumLikeButton } from './forum-like-button.tsx';

function ForumCommentItem({
  groupId,
  topicId,
  comment,
}: {
  groupId: string;
  topicId: string;
  comment: ForumComment;
}) {
  const toggleLike = useToggleForumCommentLike(groupId, topicId);
  return (
    <article aria-label={`Resposta de ${comment.authorName}`} className="flex gap-3">
      <UserAvatar name={comment.authorName} src={comment.authorAvatar} size={8} />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{comment.authorName}</span>
          <time
            dateTime={comment.createdAt}
            title={formatDateTime(comment.createdAt)}
            className="text-xs text-slate-500 dark:text-slate-400"
          >
            {formatForumTime(comment.createdAt)}
          </time>
        </p>
        <RichText text={comment.content} className="text-sm text-slate-700 dark:text-slate-200" />
        <ForumLikeButton
          label={`Curtir resposta de ${comment.authorName}`}
          isLiked={comment.isLiked}
          likesCount={comment.likesCount}
          onToggle={() => {
            if (!toggleLike.isPending) toggleLike.mutate(comment.id);
          }}
          className="-ml-2.5 justify-self-start"
        />
      </div>
    </article>
  );
}

/** A topic's replies, oldest first, and the box to add one (non-empty once trimmed, spec §5). */
export function ForumComments({
  groupId,
  topicId,
  topicTitle,
  comments,
  id,
}: {
  groupId: string;
  topicId: string;
  topicTitle: string;
  comments: ForumComment[];
  id: string;
}) {
  const [content, setContent] = useState('');
  const createComment = useCreateForumComment(groupId, topicId);
  const canSend = content.trim().length > 0 && !createComment.isPending;

  const handleSend = () => {
    if (!canSend) return;
    createComment.mutate(content.trim(), {
      onSuccess: () => {
        setContent('');
        toast({ title: POST_MESSAGES.commentAdded });
      },
      onError: () =>
        toast({
          title: POST_MESSAGES.errorTitle,
          description: POST_MESSAGES.commentFailed,
          variant: 'destructive',
        }),
    });
  };

  return (
    <section
      id={id}
      aria-label={`Respostas a ${topicTitle}`}
      className="grid gap-4 border-t border-slate-100 pt-4 dark:border-slate-800"
    >
      {comments.length > 0 ? (
        <ol className="grid gap-4">
          {comments.map((comment) => (
            <li key={comment.id}>
              <ForumCommentItem groupId={groupId} topicId={topicId} comment={comment} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nenhuma resposta ainda.</p>
      )}
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          handleSend();
        }}
      >
        <Textarea
          value={content}
          maxLength={FORUM_COMMENT_MAX}
          rows={2}
          onChange={(event) => setContent(event.target.value)}
          aria-label="Escreva uma resposta"
          placeholder="Escreva uma resposta..."
          size="sm"
        />
        <Button type="submit" size="sm" disabled={!canSend} className="justify-self-end">
          {createComment.isPending ? GROUP_MESSAGES.sendingReply : 'Responder'}
        </Button>
      </form>
    </section>
  );
}
