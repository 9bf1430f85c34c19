import type { ReportedContent } from '@estudai/contract';
import type { Tx } from '../../db/client.ts';
import type { reports } from '../../db/schema/index.ts';
import { latestEvidence, liveContent } from './reports.queries.ts';

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
  const copy = await latestEvidence(db, id);
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
