import { GROUP_MESSAGES, GROUP_REVIEWS_SHOWN, type GroupPage, type GroupPageInput } from '@estudai/contract';
import { findGroup, requireGroupOwner } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { listReviewRows, updateGroupPage } from './group-page.queries.ts';

// The group page for prospective members (issue 24): what the owner wrote ('O que você vai
// aprender', the syllabus, 'Perguntas frequentes') and the ratings that came with a comment.
// Anyone signed in reads it (it sells the group); only the owner writes it.

async function reviewsOf(ctx: AppContext, groupId: string) {
  const rows = await listReviewRows(ctx.database.db, groupId, GROUP_REVIEWS_SHOWN);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function getGroupPage(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
): Promise<GroupPage> {
  const group = await findGroup(ctx.database.db, groupId);
  if (!group || (!group.isActive && group.ownerId !== viewer.id)) throw notFound(GROUP_MESSAGES.notFound);
  return {
    learnOutcomes: group.learnOutcomes,
    syllabus: group.syllabus,
    faq: group.faq,
    reviews: await reviewsOf(ctx, group.id),
  };
}

export async function saveGroupPage(
  ctx: AppContext,
  viewer: SessionUser,
  groupId: string,
  input: GroupPageInput,
): Promise<GroupPage> {
  const { group } = await requireGroupOwner(ctx.database.db, groupId, viewer.id);
  await updateGroupPage(ctx.database.db, group.id, {
    learnOutcomes: input.learnOutcomes,
    syllabus: input.syllabus,
    faq: input.faq,
    updatedAt: ctx.clock(),
  });
  return { ...input, reviews: await reviewsOf(ctx, group.id) };
}
