import type { Post } from '@estudai/contract/constants';
import { memo, useId } from 'react';
import { ErrorBoundary } from '../../../components/error-boundary.tsx';
import { LazyMediaGallery } from '../../../components/media-gallery/lazy-media-gallery.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { AttachmentList } from './attachment-list.tsx';
import { PollBody } from './poll-body.tsx';
import { PostActions } from './post-actions.tsx';
import { PostHeader } from './post-header.tsx';
import { QuestionBody } from './question-body.tsx';
import { QuizBody } from './quiz-body.tsx';

function StandardBody({ post }: { post: Post }) {
  const { user } = useAuth();
  return (
    <div className="grid gap-3">
      {post.content && <RichText text={post.content} social />}
      {post.type === 'attachment' ? (
        <AttachmentList urls={post.mediaUrls} />
      ) : (
        post.media.length > 0 && <LazyMediaGallery media={post.media} own={user?.id === post.author.id} />
      )}
    </div>
  );
}

function PostBody({ post }: { post: Post }) {
  switch (post.type) {
    case 'question':
      return <QuestionBody post={post} />;
    case 'poll':
      return <PollBody post={post} />;
    case 'question_set':
      return <QuizBody post={post} />;
    default:
      return <StandardBody post={post} />;
  }
}

/**
 * One post in a list: who and when, the body its type calls for, and the actions. Memoized: the
 * cache hands back the same object for an unchanged post, so a list re-rendering around it (the
 * session confirmed, the next page appended, one post liked) leaves the other cards alone.
 */
export const PostCard = memo(function PostCard({ post }: { post: Post }) {
  // A card that throws (a post the client cannot read) fails alone; the list around it stays.
  return (
    <ErrorBoundary resetKey={post}>
      <PostCardContent post={post} />
    </ErrorBoundary>
  );
});

function PostCardContent({ post }: { post: Post }) {
  const headingId = useId();
  return (
    <Card padding="sm" className="grid gap-3">
      <article aria-labelledby={headingId} data-post-id={post.id} className="grid gap-3">
        <PostHeader post={post} headingId={headingId} />
        <PostBody post={post} />
        <PostActions post={post} />
      </article>
    </Card>
  );
}
