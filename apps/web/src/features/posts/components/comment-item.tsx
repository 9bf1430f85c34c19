import { updateCommentSchema } from '@estudai/contract';
import { COMMENT_MAX, POST_MESSAGES, type PostComment, SAFETY_TEXTS } from '@estudai/contract/constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { Flag, Heart } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { CardMenu } from '../../../components/card-menu.tsx';
import { FoldedContent } from '../../../components/folded-content.tsx';
import { ReportContentDialog } from '../../../components/report-content-button.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { cn } from '../../../lib/cn.ts';
import { CHECKED_WHEN_SENT, firstErrorMessage } from '../../../lib/form.ts';
import { formatDateTime, formatRelativeTime } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeleteComment, useUpdateComment } from '../api/manage-comment.ts';
import { useToggleCommentLike } from '../api/toggle-comment-like.ts';
import { commentAnchorId } from '../use-comment-highlight.ts';
import type { ReplyTarget } from './comment-composer.tsx';

const failed = (error: { message?: string }) =>
  toast({ title: POST_MESSAGES.errorTitle, description: error.message, variant: 'destructive' });

/** The author's comment, changed in place: its text in a box, saved or let go. */
function EditCommentForm({
  postId,
  comment,
  onDone,
}: {
  postId: string;
  comment: PostComment;
  onDone: () => void;
}) {
  const { register, handleSubmit, watch } = useForm({
    ...CHECKED_WHEN_SENT,
    resolver: zodResolver(updateCommentSchema),
    defaultValues: { content: comment.content },
  });
  const update = useUpdateComment(postId, comment.id);
  const content = watch('content');
  const invalid = !content.trim() || content.length > COMMENT_MAX;
  const handleSave = handleSubmit(
    (input) => {
      if (invalid || update.isPending) return;
      update.mutate(input, {
        onSuccess: () => {
          toast({ title: POST_MESSAGES.commentEditedTitle });
          onDone();
        },
        onError: failed,
      });
    },
    // A hashtag too long: refused with the schema's message, as the server would answer it.
    (errors) => {
      if (!invalid) failed({ message: firstErrorMessage(errors) });
    },
  );
  return (
    <form onSubmit={handleSave} className="grid gap-2">
      <Textarea size="sm" aria-label="Editar comentário" {...register('content')} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" size="sm" disabled={invalid || update.isPending}>
          {update.isPending ? 'Salvando...' : 'Salvar'}
        </Button>
      </div>
    </form>
  );
}

const smallAction =
  'inline-flex h-8 items-center gap-1 rounded-full px-2 text-xs font-medium text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-400 dark:hover:bg-slate-800';

function CommentBody({
  postId,
  comment,
  highlighted,
  onReply,
}: {
  postId: string;
  comment: PostComment;
  highlighted: boolean;
  onReply: () => void;
}) {
  const like = useToggleCommentLike(postId, comment);
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const remove = useDeleteComment(postId, comment);
  const isOwn = user?.id === comment.author.id;
  const handleDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setDeleting(false);
        toast({ title: POST_MESSAGES.commentDeletedTitle });
      },
      onError: failed,
    });
  return (
    <article
      id={commentAnchorId(comment.id)}
      aria-label={`Comentário de ${comment.author.displayName}`}
      data-highlighted={highlighted ? 'true' : undefined}
      className={cn(
        'flex scroll-mt-20 gap-3 rounded-2xl p-2 transition-colors duration-500',
        highlighted && 'bg-amber-100 ring-2 ring-amber-400 dark:bg-amber-950/60',
      )}
    >
      <Link to={paths.user(comment.author.id)} tabIndex={-1} aria-hidden>
        <UserAvatar name={comment.author.displayName} src={comment.author.avatar} size={8} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3 py-2 dark:bg-slate-800">
          <p className="flex items-baseline gap-2 text-sm">
            <Link to={paths.user(comment.author.id)} className="truncate font-semibold hover:underline">
              {comment.author.displayName}
            </Link>
            <time
              dateTime={comment.createdAt}
              title={formatDateTime(comment.createdAt)}
              className="shrink-0 text-xs text-slate-500 dark:text-slate-400"
            >
              {formatRelativeTime(comment.createdAt)}
            </time>
            {comment.editedAt && (
              <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                {POST_MESSAGES.edited}
              </span>
            )}
          </p>
          {editing ? (
            <EditCommentForm postId={postId} comment={comment} onDone={() => setEditing(false)} />
          ) : (
            <FoldedContent folded={Boolean(comment.hiddenByWords)} label={SAFETY_TEXTS.foldedComment}>
              <RichText text={comment.content} className="text-sm" social />
            </FoldedContent>
          )}
        </div>
        <div className="mt-0.5 flex items-center gap-1">
          <button
            type="button"
            aria-label={`Curtir comentário, ${comment.likesCount}`}
            aria-pressed={comment.isLiked}
            onClick={() => {
              if (!like.isPending) like.mutate({ commentId: comment.id, like: !comment.isLiked });
            }}
            className={cn(smallAction, comment.isLiked && 'text-rose-600 dark:text-rose-400')}
          >
            <Heart className={cn('size-3.5', comment.isLiked && 'fill-current')} aria-hidden />
            {comment.likesCount}
          </button>
          <button
            type="button"
            aria-label={`Responder a ${comment.author.displayName}`}
            onClick={onReply}
            className={smallAction}
          >
            Responder
          </button>
          {user && !isOwn && (
            <div className="ml-auto">
              <CardMenu
                label="Opções do comentário"
                size="sm"
                items={[
                  { label: 'Denunciar', icon: Flag, onSelect: () => setReporting(true), destructive: true },
                ]}
              />
              <ReportContentDialog
                kind="comment"
                id={comment.id}
                open={reporting}
                onOpenChange={setReporting}
              />
            </div>
          )}
          {isOwn && !editing && (
            <>
              <button type="button" onClick={() => setEditing(true)} className={cn(smallAction, 'ml-auto')}>
                Editar
              </button>
              <button type="button" onClick={() => setDeleting(true)} className={smallAction}>
                Excluir
              </button>
            </>
          )}
        </div>
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Excluir comentário?"
          description={
            comment.replies.length
              ? 'As respostas a ele também saem. Não dá para desfazer.'
              : 'Não dá para desfazer.'
          }
          confirmLabel="Excluir"
          pendingLabel="Excluindo..."
          isPending={remove.isPending}
          destructive
          onConfirm={handleDelete}
        />
      </div>
    </article>
  );
}

/** A top-level comment and its replies, one level deep; replying to a reply stays in the thread. */
export function CommentThread({
  postId,
  comment,
  highlightedId,
  onReply,
}: {
  postId: string;
  comment: PostComment;
  highlightedId: string | null;
  onReply: (target: ReplyTarget) => void;
}) {
  return (
    <li>
      <CommentBody
        postId={postId}
        comment={comment}
        highlighted={highlightedId === comment.id}
        onReply={() => onReply({ parentId: comment.id, authorName: comment.author.displayName })}
      />
      {comment.replies.length > 0 && (
        <ul className="ml-11 grid gap-1" aria-label={`Respostas a ${comment.author.displayName}`}>
          {comment.replies.map((reply) => (
            <li key={reply.id}>
              <CommentBody
                postId={postId}
                comment={reply}
                highlighted={highlightedId === reply.id}
                onReply={() => onReply({ parentId: comment.id, authorName: reply.author.displayName })}
              />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
