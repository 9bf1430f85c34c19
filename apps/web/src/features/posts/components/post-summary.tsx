import type { Post } from '@estudai/contract/constants';
import { MediaGallery } from '../../../components/media-gallery/media-gallery.tsx';
import { RichText } from '../../../components/rich-text/rich-text.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AttachmentList } from './attachment-list.tsx';
import { AuthorLine } from './post-header.tsx';

/** What a post is about, in a line or two: the question, the poll, the quiz title, or its text. */
export function postHeadline(post: Post): string {
  return post.questionData?.question ?? post.pollData?.question ?? post.questionSetData?.title ?? '';
}

/**
 * Spec §2: above the comments, the post's question or poll text, or its content, with its photos
 * or attachments (a comment notification opens here: the post must be recognisable).
 */
export function PostSummary({ post }: { post: Post }) {
  const headline = postHeadline(post);
  return (
    <Card padding="sm" className="grid gap-3">
      <AuthorLine author={post.author} createdAt={post.createdAt} editedAt={post.editedAt} />
      {post.content && <RichText text={post.content} />}
      {headline && <RichText text={headline} className="font-medium" />}
      {post.type === 'attachment' ? (
        <AttachmentList urls={post.mediaUrls} />
      ) : (
        <MediaGallery media={post.media} />
      )}
    </Card>
  );
}
