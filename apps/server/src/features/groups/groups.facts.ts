import { type GroupRow, imageViewer, membershipIsCurrent, shownImage } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { loadFactRows } from './group-facts.queries.ts';
import type { GroupFacts } from './groups.present.ts';
import { relevance } from './relevance.ts';

// What a card shows besides the group row, from the rows of group-facts.queries.ts.

/** What `viewerId` sees on each of these groups' cards, in three statements (group-facts.queries.ts). */
export async function loadGroupFacts(
  db: Tx,
  viewerId: string,
  groups: GroupRow[],
  now: Date,
): Promise<Map<string, GroupFacts>> {
  if (groups.length === 0) return new Map();
  const rows = await loadFactRows(
    db,
    viewerId,
    groups.map((group) => group.id),
    [...new Set(groups.map((group) => group.ownerId))],
  );
  const factsOf = new Map(rows.groups.map((row) => [row.id, row]));
  const ownerOf = new Map(rows.owners.map(({ followed, ...facts }) => [facts.id, { facts, followed }]));
  const viewer = imageViewer(rows.viewer, now);
  const categories = rows.viewer?.categories ?? [];
  const viewerGroups = categories.reduce((sum, row) => sum + row.groups, 0);

  const facts = new Map<string, GroupFacts>();
  for (const group of groups) {
    const row = factsOf.get(group.id);
    const owner = ownerOf.get(group.ownerId);
    if (!row || !owner) continue;
    const { membership } = row;
    const isOwn = group.ownerId === viewerId || membershipIsCurrent(membership, now);
    facts.set(group.id, {
      owner: owner.facts,
      // Issue 43: a cover at an outside address (or the demo's) has no check: 'ok'.
      cover:
        group.coverImage === null
          ? { url: null, sensitivity: 'ok' }
          : shownImage(
              {
                url: group.coverImage,
                sensitivity: row.cover?.sensitivity ?? 'ok',
                uploaderId: row.cover?.uploaderId ?? null,
              },
              viewer,
            ),
      members: row.members,
      ratingAverage: row.rating?.average ?? 0,
      ratingsCount: row.rating?.count ?? 0,
      myRating: row.rating?.mine ?? null,
      membership,
      materialsCount: row.materials,
      videosCount: row.videos,
      postsCount: row.posts,
      relevance: isOwn
        ? null
        : relevance({
            sameCategoryGroups:
              categories.find((counted) => counted.category === group.category)?.groups ?? 0,
            viewerGroups,
            ownerFollowed: owner.followed,
            // The stored counters (kept by triggers) that also order 'Disponíveis': list and card agree.
            members: group.membersCount,
            maxMembers: group.maxMembers,
            ratingAverage: group.ratingsCount ? group.ratingsSum / group.ratingsCount : 0,
            ratingsCount: group.ratingsCount,
          }),
    });
  }
  return facts;
}
