import type { Resolution, ShownMedia } from '@estudai/contract';
import { toAuthor } from '../../lib/authors.ts';
import type { ResolutionRow } from './resolutions.queries.ts';

/** A resolution for its viewer; `shown` holds its images as they get them (`shownImagesOf`). */
export function toResolution(row: ResolutionRow, shown: Map<string, ShownMedia>): Resolution {
  return {
    id: row.resolution.id,
    author: toAuthor(row.author),
    content: row.resolution.content,
    media: row.resolution.mediaUrls.flatMap((url) => shown.get(url) ?? []),
    isTeacher: row.isTeacher,
    votes: row.resolution.votesCount,
    votedByMe: row.votedByMe,
    accepted: row.resolution.accepted,
    createdAt: row.resolution.createdAt.toISOString(),
  };
}
