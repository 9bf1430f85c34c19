import { and, desc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { groupRatings, studyGroups, users } from '../../db/schema/index.ts';

// The group page (group-page.service.ts).

/** The group's ratings that came with a comment, with their authors, the latest first. */
export function listReviewRows(db: Tx, groupId: string, limit: number) {
  return db
    .select({
      userId: groupRatings.userId,
      displayName: users.displayName,
      avatar: users.avatar,
      rating: groupRatings.rating,
      comment: groupRatings.comment,
      updatedAt: groupRatings.updatedAt,
    })
    .from(groupRatings)
    .innerJoin(users, eq(users.id, groupRatings.userId))
    .where(and(eq(groupRatings.studyGroupId, groupId), ne(groupRatings.comment, '')))
    .orderBy(desc(groupRatings.updatedAt))
    .limit(limit);
}

export async function updateGroupPage(
  db: Tx,
  groupId: string,
  page: Pick<typeof studyGroups.$inferInsert, 'learnOutcomes' | 'syllabus' | 'faq' | 'updatedAt'>,
): Promise<void> {
  await db.update(studyGroups).set(page).where(eq(studyGroups.id, groupId));
}
