import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pollVotes, postAnswers, posts, quizAttempts } from '../../db/schema/index.ts';

type PostRecord = typeof posts.$inferSelect;

/** The post, its row locked until the transaction ends (an edit reads and writes it at once). */
export async function lockPostRow(tx: Tx, postId: string): Promise<PostRecord | undefined> {
  const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
  return post;
}

/** Whether anyone (the author too) has answered the question, voted in the poll or tried the quiz. */
export async function hasAnswers(db: Tx, post: PostRecord): Promise<boolean> {
  const first = async (table: typeof pollVotes | typeof quizAttempts | typeof postAnswers) => {
    const [row] = await db
      .select({ postId: table.postId })
      .from(table)
      .where(eq(table.postId, post.id))
      .limit(1);
    return Boolean(row);
  };
  if (post.type === 'poll') return first(pollVotes);
  // A quiz's questions answered one at a time in the bank count, as well as whole attempts.
  if (post.type === 'question_set' && (await first(quizAttempts))) return true;
  return first(postAnswers);
}

export async function updatePostRow(tx: Tx, postId: string, changes: Partial<typeof posts.$inferInsert>) {
  await tx.update(posts).set(changes).where(eq(posts.id, postId));
}

/**
 * A corrected key (issue 40, study's question reports) in the post's own JSON, and each quiz
 * attempt's score recounted with it. Changing only a key does not rebuild the bank's rows (migration
 * 0038): the caller updates those itself, in the same transaction.
 */
export async function setStoredAnswerKey(
  tx: Tx,
  postId: string,
  questionIndex: number,
  correctAnswer: number,
) {
  await tx.execute(sql`
    update posts set
      question_data = case when type = 'question'
        then jsonb_set(question_data, '{correctAnswer}', to_jsonb(${correctAnswer}::int)) else question_data end,
      question_set_data = case when type = 'question_set'
        then jsonb_set(question_set_data, array['questions', ${questionIndex}::int::text, 'correctAnswer'],
                       to_jsonb(${correctAnswer}::int))
        else question_set_data end
    where id = ${postId}::uuid`);
  await tx.execute(sql`
    update quiz_attempts a set score = (
      select count(*)::int from unnest(a.answers) with ordinality as e(opt, ord)
      where e.opt = (p.question_set_data->'questions'->((e.ord - 1)::int)->>'correctAnswer')::int)
    from posts p
    where p.id = a.post_id and a.post_id = ${postId}::uuid and p.type = 'question_set'`);
}
