import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { StoredQuestion } from '../../db/schema/index.ts';
import { posts, questionImports, simuladoQuestions } from '../../db/schema/index.ts';

export type ImportRow = typeof questionImports.$inferSelect;
/** A post an import makes, before its author and instant. */
export type ImportedPostValues = Omit<typeof posts.$inferInsert, 'authorId' | 'createdAt'>;

export async function insertImport(tx: Tx, values: typeof questionImports.$inferInsert): Promise<ImportRow> {
  const [row] = await tx.insert(questionImports).values(values).returning();
  if (!row) throw new Error('the import could not be stored');
  return row;
}

/**
 * Question and quiz posts an import makes, each with its own instant (the file's order). Written
 * here rather than through posts' face: the rows are the stored questions the contract already
 * checked, with no text to mention anyone in (decision 046).
 */
export async function insertImportedPosts(tx: Tx, values: (typeof posts.$inferInsert)[]): Promise<string[]> {
  if (values.length === 0) return [];
  const rows = await tx.insert(posts).values(values).returning({ id: posts.id });
  return rows.map((row) => row.id);
}

/** A failed import takes back what it made (nobody has answered those posts yet). */
export async function deleteImportedPosts(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(posts).where(inArray(posts.id, ids));
}

export async function findImport(db: Tx, id: string): Promise<ImportRow | null> {
  const [row] = await db.select().from(questionImports).where(eq(questionImports.id, id)).limit(1);
  return row ?? null;
}

/** A finished import of the same bytes by the same person into the same place ('já importadas'). */
export async function findDoneImportOf(
  db: Tx,
  owner: { ownerId: string; studyGroupId: string | null; fileHash: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: questionImports.id })
    .from(questionImports)
    .where(
      and(
        eq(questionImports.ownerId, owner.ownerId),
        eq(questionImports.fileHash, owner.fileHash),
        owner.studyGroupId
          ? eq(questionImports.studyGroupId, owner.studyGroupId)
          : isNull(questionImports.studyGroupId),
        or(eq(questionImports.status, 'done'), eq(questionImports.status, 'running')),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** preview → running (or → done at once for a file already imported); null if it was not a preview. */
export async function leavePreview(
  tx: Tx,
  id: string,
  status: 'running' | 'done',
  now: Date,
): Promise<ImportRow | null> {
  const [row] = await tx
    .update(questionImports)
    .set({ status, ...(status === 'done' ? { finishedAt: now } : {}) })
    .where(and(eq(questionImports.id, id), eq(questionImports.status, 'preview')))
    .returning();
  return row ?? null;
}

export async function recordProgress(
  tx: Tx,
  id: string,
  questions: number,
  postIds: string[],
): Promise<void> {
  await tx
    .update(questionImports)
    .set({
      done: sql`${questionImports.done} + ${questions}`,
      createdPostIds: sql`${questionImports.createdPostIds} || array[${sql.join(
        postIds.map((postId) => sql`${postId}`),
        sql`, `,
      )}]::uuid[]`,
    })
    .where(eq(questionImports.id, id));
}

export async function finishImport(tx: Tx, id: string, status: 'done' | 'failed', now: Date): Promise<void> {
  await tx
    .update(questionImports)
    .set({ status, finishedAt: now, ...(status === 'failed' ? { createdPostIds: [], done: 0 } : {}) })
    .where(eq(questionImports.id, id));
}

/** Questions and quizzes, oldest first: a group's (by anyone) or a person's own (anywhere). */
export async function listQuestionPosts(db: Tx, where: { groupId: string } | { authorId: string }) {
  return db
    .select({ type: posts.type, questionData: posts.questionData, questionSetData: posts.questionSetData })
    .from(posts)
    .where(
      and(
        inArray(posts.type, ['question', 'question_set']),
        isNull(posts.hiddenAt),
        'groupId' in where ? eq(posts.studyGroupId, where.groupId) : eq(posts.authorId, where.authorId),
      ),
    )
    .orderBy(asc(posts.createdAt), asc(posts.id));
}

/** A simulado's questions in their order, as the simulado copied them. */
export async function listSimuladoQuestions(db: Tx, simuladoId: string): Promise<StoredQuestion[]> {
  const rows = await db
    .select({ question: simuladoQuestions.question, correctAnswer: simuladoQuestions.correctAnswer })
    .from(simuladoQuestions)
    .where(eq(simuladoQuestions.simuladoId, simuladoId))
    .orderBy(asc(simuladoQuestions.position));
  return rows.map((row) => ({ ...row.question, correctAnswer: row.correctAnswer }));
}
