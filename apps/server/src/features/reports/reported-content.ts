import type { ReportedContent } from '@estudai/contract';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { comments, messages, posts, reportEvidence, type reports } from '../../db/schema/index.ts';

type Live = { text: string; mediaUrls: string[]; hidden: boolean; postId: string | null } | undefined;

/** The content as it is now; undefined once deleted. Moderators see it whatever its state. */
async function liveContent(db: Tx, kind: 'post' | 'comment' | 'message', id: string): Promise<Live> {
  if (kind === 'post') {
    const [row] = await db
      .select({ text: posts.content, mediaUrls: posts.mediaUrls, hiddenAt: posts.hiddenAt })
      .from(posts)
      .where(eq(posts.id, id));
    return row && { text: row.text, mediaUrls: row.mediaUrls, hidden: row.hiddenAt !== null, postId: id };
  }
  if (kind === 'comment') {
    const [row] = await db
      .select({ text: comments.content, hiddenAt: comments.hiddenAt, postId: comments.postId })
      .from(comments)
      .where(eq(comments.id, id));
    return row && { text: row.text, mediaUrls: [], hidden: row.hiddenAt !== null, postId: row.postId };
  }
  const [row] = await db
    .select({ text: messages.content, hiddenAt: messages.hiddenAt })
    .from(messages)
    .where(eq(messages.id, id));
  return row && { text: row.text, mediaUrls: [], hidden: row.hiddenAt !== null, postId: null };
}

const postIdOf = (data: unknown): string | null =>
  data && typeof data === 'object' && 'postId' in data && typeof data.postId === 'string'
    ? data.postId
    : null;

/**
 * What a content report points at, for the moderator: the content itself, or, once its author
 * deleted it, the evidence copy taken when it was reported (empty when none was kept).
 */
export async function reportedContent(
  db: Tx,
  report: Pick<typeof reports.$inferSelect, 'contentKind' | 'contentId'>,
): Promise<ReportedContent | null> {
  const { contentKind: kind, contentId: id } = report;
  if (kind === 'user' || !id) return null;
  const live = await liveContent(db, kind, id);
  if (live) return { kind, id, ...live, deleted: false };
  const [copy] = await db
    .select({ text: reportEvidence.text, mediaUrls: reportEvidence.mediaUrls, data: reportEvidence.data })
    .from(reportEvidence)
    .where(eq(reportEvidence.contentId, id))
    .orderBy(desc(reportEvidence.capturedAt))
    .limit(1);
  // A deleted post has no page left; a deleted comment's post may still be there.
  const postId = kind === 'comment' ? postIdOf(copy?.data) : null;
  return {
    kind,
    id,
    text: copy?.text ?? '',
    mediaUrls: copy?.mediaUrls ?? [],
    hidden: true,
    deleted: true,
    postId,
  };
}
