import { type GroupRow, imageViewer, membershipIsCurrent, shownImage } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { loadFactRows } from './group-facts.queries.ts';
import type { GroupFacts } from './groups.present.ts';
import { relevance } from './relevance.ts';

// What a card shows besides the group row, from the rows of group-facts.queries.ts.

/** What `viewerId` sees on each of these groups' cards, in a fixed number of queries. */
export async function loadGroupFacts(
  db: Tx,
  viewerId: string,
  groups: GroupRow[],
  now: Date,
): Promise<Map<string, GroupFacts>> {
  if (groups.length === 0) return new Map();
  const ids = groups.map((group) => group.id);
  const ownerIds = [...new Set(groups.map((group) => group.ownerId))];
  const {
    owners,
    members,
    ratings,
    memberships,
    materials,
    videos,
    postCounts,
    categories,
    followed,
    checks,
  } = await loadFactRows(db, viewerId, ids, ownerIds);
  const coverCheckOf = new Map(checks.covers.map((row) => [row.id, row]));
  const viewer = imageViewer(checks.viewer, now);
  const ratingOf = new Map(ratings.map((row) => [row.id, row]));
  const membershipOf = new Map(memberships.map((row) => [row.studyGroupId, row]));
  const followedOwners = new Set(followed.map((row) => row.id));
  const viewerGroups = categories.reduce((sum, row) => sum + row.groups, 0);

  const facts = new Map<string, GroupFacts>();
  for (const group of groups) {
    const owner = owners.get(group.ownerId);
    if (!owner) continue;
    const rating = ratingOf.get(group.id);
    const membership = membershipOf.get(group.id) ?? null;
    const memberCount = members.get(group.id) ?? 0;
    const isOwn = group.ownerId === viewerId || membershipIsCurrent(membership, now);
    const check = coverCheckOf.get(group.id);
    facts.set(group.id, {
      owner,
      // Issue 43: a cover at an outside address (or the demo's) has no check: 'ok'.
      cover:
        group.coverImage === null
          ? { url: null, sensitivity: 'ok' }
          : shownImage(
              {
                url: group.coverImage,
                sensitivity: check?.sensitivity ?? 'ok',
                uploaderId: check?.uploaderId ?? null,
              },
              viewer,
            ),
      members: memberCount,
      ratingAverage: rating?.average ?? 0,
      ratingsCount: rating?.count ?? 0,
      myRating: rating?.mine ?? null,
      membership,
      materialsCount: materials.get(group.id) ?? 0,
      videosCount: videos.get(group.id) ?? 0,
      postsCount: postCounts.get(group.id) ?? 0,
      relevance: isOwn
        ? null
        : relevance({
            sameCategoryGroups: categories.find((row) => row.category === group.category)?.groups ?? 0,
            viewerGroups,
            ownerFollowed: followedOwners.has(group.ownerId),
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
