import { createForumCommentInputSchema } from '@estudai/contract';
import {
  FORUM_COMMENT_MAX,
  type ForumComment,
  GROUP_MESSAGES,
  POST_MESSAGES,
} from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { EyeOff } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { CHECKED_WHEN_SENT } from '../../../lib/form.ts';
import { formatDateTime, formatForumTime } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateForumComment } from '../api/forum-comment.ts';
import { useToggleForumCommentLike } from '../api/forum-like.ts';
import { ForumLikeButton } from './forum-like-button.tsx';
import { ModerationMenu } from './moderation-menu.tsx';

function ForumCommentItem({
  groupId,
  topicId,
  comment,
  canModerate,
}: {
  groupId: string;
  topicId: string;
  comment: ForumComment;
  canModerate: boolean;
}) {
  const toggleLike = useToggleForumCommentLike(groupId, topicId);
  // Its author reads 'Removido pela moderação' in its place, with nothing to like.
  const isRemovedForMe = comment.moderation !== null && !canModerate;
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
          {comment.moderation === 'hidden' && canModerate && (
            <span className="inline-flex items-center gap-1 text-xs text-red-700 dark:text-red-300">
              <EyeOff className="size-3.5" aria-hidden />
              {GROUP_MESSAGES.contentHiddenBadge}
            </span>
          )}
        </p>
        <RichText
          text={comment.content}
          className={cn(
            'text-sm text-slate-700 dark:text-slate-200',
            isRemovedForMe && 'italic text-slate-500 dark:text-slate-400',
          )}
        />
        <div className="flex flex-wrap items-start justify-between gap-1">
          {!isRemovedForMe && (
            <ForumLikeButton
              label={`Curtir resposta de ${comment.authorName}`}
              isLiked={comment.isLiked}
              likesCount={comment.likesCount}
              onToggle={() => {
                if (!toggleLike.isPending) toggleLike.mutate(comment.id);
              }}
              className="-ml-2.5 justify-self-start"
            />
          )}
          {canModerate && (
            <ModerationMenu
              groupId={groupId}
              label={`Moderar a resposta de ${comment.authorName}`}
              target={{
                kind: 'comment',
                topicId,
                commentId: comment.id,
                isHidden: comment.moderation === 'hidden',
              }}
            />
          )}
        </div>
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
  isClosed = false,
  canModerate = false,
}: {
  groupId: string;
  topicId: string;
  topicTitle: string;
  comments: ForumComment[];
  id: string;
  /** No reply box: closed by moderation (the server would answer 409). */
  isClosed?: boolean;
  canModerate?: boolean;
}) {
  const { register, handleSubmit, reset, watch } = useForm({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(createForumCommentInputSchema),
    defaultValues: { content: '' },
  });
  const createComment = useCreateForumComment(groupId, topicId);
  const canSend = watch('content').trim().length > 0 && !createComment.isPending;

  const failed = () =>
    toast({
      title: POST_MESSAGES.errorTitle,
      description: POST_MESSAGES.commentFailed,
      variant: 'destructive',
    });
  const send = handleSubmit(
    ({ content }) =>
      createComment.mutate(content, {
        onSuccess: () => {
          reset();
          toast({ title: POST_MESSAGES.commentAdded });
        },
        onError: failed,
      }),
    // A blank reply keeps 'Responder' off; what else the schema refuses fails as the server's refusal did.
    failed,
  );

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
              <ForumCommentItem
                groupId={groupId}
                topicId={topicId}
                comment={comment}
                canModerate={canModerate}
              />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">Nenhuma resposta ainda.</p>
      )}
      {isClosed ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{GROUP_MESSAGES.topicClosed}</p>
      ) : (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            if (canSend) void send(event);
            else event.preventDefault();
          }}
        >
          <Textarea
            maxLength={FORUM_COMMENT_MAX}
            rows={2}
            {...register('content')}
            aria-label="Escreva uma resposta"
            placeholder="Escreva uma resposta..."
            size="sm"
          />
          <Button type="submit" size="sm" disabled={!canSend} className="justify-self-end">
            {createComment.isPending ? GROUP_MESSAGES.sendingReply : 'Responder'}
          </Button>
        </form>
      )}
    </section>
  );
}
