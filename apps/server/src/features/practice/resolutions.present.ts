import type { Resolution } from '@estudai/contract';
import { toAuthor } from '../../lib/authors.ts';
import type { ResolutionRow } from './resolutions.queries.ts';

export function toResolution(row: ResolutionRow): Resolution {
  return {
    id: row.resolution.id,
    author: toAuthor(row.author),
    content: row.resolution.content,
    isTeacher: row.isTeacher,
    votes: row.resolution.votesCount,
    votedByMe: row.votedByMe,
    accepted: row.resolution.accepted,
    createdAt: row.resolution.createdAt.toISOString(),
  };
}
