import { and, desc, eq, sql } from 'drizzle-orm';
import { notBlockedEitherWay } from '../../access/index.ts';
import type { Tx } from '../../db/client.ts';
import { questionResolutions, resolutionVotes, users } from '../../db/schema/index.ts';

const TEACHER = sql<boolean>`(${users.isVerified} and ${users.userType} in ('professor', 'mentor', 'tutor'))`;

function selectResolutions(db: Tx, viewerId: string) {
  return db
    .select({
      resolution: questionResolutions,
      author: {
        id: users.id,
        displayName: users.displayName,
        username: users.username,
        avatar: users.avatar,
        userType: users.userType,
        isVerified: users.isVerified,
      },
      isTeacher: TEACHER,
      votedByMe: sql<boolean>`exists (select 1 from ${resolutionVotes} where ${resolutionVotes.resolutionId} = ${questionResolutions.id}
        and ${resolutionVotes.userId} = ${viewerId})`,
    })
    .from(questionResolutions)
    .innerJoin(users, eq(users.id, questionResolutions.authorId))
    .$dynamic();
}
export type ResolutionRow = Awaited<ReturnType<ReturnType<typeof selectResolutions>['execute']>>[number];

/**
 * A question's resolutions the viewer may read (no suspended author, none across a block), teachers'
 * first, then by 'útil' votes, then oldest first.
 */
export function listResolutionRows(db: Tx, viewerId: string, postId: string, questionIndex: number) {
  return selectResolutions(db, viewerId)
    .where(
      and(
        eq(questionResolutions.postId, postId),
        eq(questionResolutions.questionIndex, questionIndex),
        sql`${users.suspendedAt} is null`,
        notBlockedEitherWay(viewerId, questionResolutions.authorId),
      ),
    )
    .orderBy(
      desc(TEACHER),
      desc(questionResolutions.votesCount),
      questionResolutions.createdAt,
      questionResolutions.id,
    );
}

export async function findResolutionRow(db: Tx, viewerId: string, id: string) {
  const [row] = await selectResolutions(db, viewerId).where(eq(questionResolutions.id, id));
  return row;
}

/** The resolution, its row locked until the transaction ends. */
export async function lockResolution(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(questionResolutions)
    .where(eq(questionResolutions.id, id))
    .for('update');
  return row;
}

export async function insertResolution(tx: Tx, values: typeof questionResolutions.$inferInsert) {
  const [row] = await tx.insert(questionResolutions).values(values).returning();
  return row!;
}

export async function updateResolutionContent(
  tx: Tx,
  id: string,
  change: { content: string; mediaUrls?: string[] },
  at: Date,
) {
  await tx
    .update(questionResolutions)
    .set({ ...change, updatedAt: at })
    .where(eq(questionResolutions.id, id));
}

export async function deleteResolution(tx: Tx, id: string) {
  await tx.delete(questionResolutions).where(eq(questionResolutions.id, id));
}

/** Records a vote: whether it is new (a second one changes nothing). */
export async function insertVote(tx: Tx, resolutionId: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(resolutionVotes)
    .values({ resolutionId, userId, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: resolutionVotes.userId });
  if (inserted.length === 0) return false;
  await tx
    .update(questionResolutions)
    .set({ votesCount: sql`${questionResolutions.votesCount} + 1` })
    .where(eq(questionResolutions.id, resolutionId));
  return true;
}

/** Removes a vote: whether there was one. */
export async function deleteVote(tx: Tx, resolutionId: string, userId: string): Promise<boolean> {
  const deleted = await tx
    .delete(resolutionVotes)
    .where(and(eq(resolutionVotes.resolutionId, resolutionId), eq(resolutionVotes.userId, userId)))
    .returning({ userId: resolutionVotes.userId });
  if (deleted.length === 0) return false;
  await tx
    .update(questionResolutions)
    .set({ votesCount: sql`${questionResolutions.votesCount} - 1` })
    .where(eq(questionResolutions.id, resolutionId));
  return true;
}

/** Marks one resolution the question's best, unmarking any other first (one per question). */
export async function markAccepted(
  tx: Tx,
  resolution: { id: string; postId: string; questionIndex: number },
) {
  await tx
    .update(questionResolutions)
    .set({ accepted: false })
    .where(
      and(
        eq(questionResolutions.postId, resolution.postId),
        eq(questionResolutions.questionIndex, resolution.questionIndex),
        eq(questionResolutions.accepted, true),
      ),
    );
  await tx
    .update(questionResolutions)
    .set({ accepted: true })
    .where(eq(questionResolutions.id, resolution.id));
}
