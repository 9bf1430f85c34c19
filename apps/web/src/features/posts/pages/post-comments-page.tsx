import { POST_MESSAGES } from '@estudai/contract/constants';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { HeaderActions } from '../../../components/header-actions.tsx';
import { TITLE_BAR_CLASSES } from '../../../components/title-bar.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { useComments } from '../api/get-comments.ts';
import { usePost } from '../api/get-post.ts';
import { CommentComposer, type ReplyTarget } from '../components/comment-composer.tsx';
import { CommentThread } from '../components/comment-item.tsx';
import { PostCardSkeleton } from '../components/post-card-skeleton.tsx';
import { PostSummary } from '../components/post-summary.tsx';
import { useCommentHighlight } from '../use-comment-highlight.ts';

/** Spec §2: back through the history when there is one, else to the feed. */
function Header() {
  const navigate = useNavigate();
  const location = useLocation();
  const handleBack = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(paths.home());
  };
  return (
    <header className={TITLE_BAR_CLASSES}>
      <button
        type="button"
        aria-label="Voltar"
        onClick={handleBack}
        className="-ml-2 flex size-10 items-center justify-center rounded-full hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
      >
        <ArrowLeft className="size-5" aria-hidden />
      </button>
      <h1 className="text-lg font-semibold">Comentários</h1>
      <HeaderActions />
    </header>
  );
}

function ErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="grid justify-items-center gap-3 text-center">
      <p className="text-sm">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden />
        Tentar novamente
      </Button>
    </Card>
  );
}

function CommentsSkeleton() {
  return (
    <div role="status" aria-label="Carregando comentários" className="grid gap-3">
      {[0, 1, 2].map((key) => (
        <div key={key} className="flex gap-3">
          <Skeleton radius="full" className="size-8" />
          <Skeleton radius="2xl" className="h-14 flex-1" />
        </div>
      ))}
    </div>
  );
}

function Comments({ postId, commentId }: { postId: string; commentId?: string }) {
  const comments = useComments(postId);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const highlightedId = useCommentHighlight(commentId, comments.isSuccess);

  let list = <CommentsSkeleton />;
  if (comments.isError) {
    list = <ErrorCard message={comments.error.message} onRetry={() => void comments.refetch()} />;
  } else if (comments.data) {
    list =
      comments.data.data.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          Nenhum comentário ainda. Seja o primeiro a comentar!
        </p>
      ) : (
        <ul className="grid gap-2" aria-label="Comentários">
          {comments.data.data.map((comment) => (
            <CommentThread
              key={comment.id}
              postId={postId}
              comment={comment}
              highlightedId={highlightedId}
              onReply={setReplyTo}
            />
          ))}
        </ul>
      );
  }

  return (
    <>
      <section aria-label="Conversa" className="grid gap-2">
        {list}
      </section>
      <CommentComposer postId={postId} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} />
    </>
  );
}

function PostNotFound() {
  return (
    <Card className="py-10 text-center">
      <p className="font-semibold">{POST_MESSAGES.notFound}</p>
    </Card>
  );
}

function PostWithComments({ postId, commentId }: { postId: string; commentId?: string }) {
  const post = usePost(postId);
  // Asked for together with the post, not after it.
  useComments(postId);
  if (post.isPending) return <PostCardSkeleton />;
  if (post.isError) {
    return post.error instanceof ApiError && post.error.status === 404 ? (
      <PostNotFound />
    ) : (
      <ErrorCard message={post.error.message} onRetry={() => void post.refetch()} />
    );
  }
  return (
    <>
      <PostSummary post={post.data} />
      <Comments postId={postId} commentId={commentId} />
    </>
  );
}

export function PostCommentsPage() {
  const { postId, commentId } = useParams();
  return (
    <>
      <Header />
      <div className="grid gap-4 p-4 pb-28 lg:pb-0">
        {postId ? <PostWithComments postId={postId} commentId={commentId} /> : <PostNotFound />}
      </div>
    </>
  );
}
