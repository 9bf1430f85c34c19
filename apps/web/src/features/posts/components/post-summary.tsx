import type { Post } from '@estudai/contract/constants';
import { LazyMediaGallery } from '../../../components/media-gallery/lazy-media-gallery.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';
import { AttachmentList } from './attachment-list.tsx';
import { AuthorLine } from './post-header.tsx';
import { errorActionsQuestion } from './question-actions-ref.ts';

/** What a post is about, in a line or two: the question, the poll, the quiz title, or its text. */
export function postHeadline(post: Post): string {
  return post.questionData?.question ?? post.pollData?.question ?? post.questionSetData?.title ?? '';
}

const QuestionErrorActions = lazyPart(
  () => import('../../../components/question/question-error-actions.tsx'),
  'QuestionErrorActions',
);

/**
 * Spec §2: above the comments, the post's question or poll text, or its content, with its photos
 * or attachments (a comment notification opens here: the post must be recognisable). A report of an
 * error in a question opens here too: its author (or an admin) finds 'Corrigir gabarito' and the
 * marks under it (issue 40).
 */
export function PostSummary({ post }: { post: Post }) {
  const { user } = useAuth();
  const headline = postHeadline(post);
  const data = post.type === 'question' ? post.questionData : undefined;
  const mayCorrect = data && (user?.id === post.author.id || user?.userType === 'admin');
  return (
    <Card padding="sm" className="grid gap-3">
      <AuthorLine author={post.author} createdAt={post.createdAt} editedAt={post.editedAt} />
      {post.content && <RichText text={post.content} />}
      {headline && <RichText text={headline} className="font-medium" />}
      {post.type === 'attachment' ? (
        <AttachmentList urls={post.mediaUrls} />
      ) : (
        post.media.length > 0 && <LazyMediaGallery media={post.media} />
      )}
      {mayCorrect && (
        <QuestionErrorActions
          answered={post.viewerAnswer != null}
          question={errorActionsQuestion(post, data)}
        />
      )}
    </Card>
  );
}
