import { GROUP_CREATOR_TYPES, GROUP_MESSAGES, SIMULADO_MESSAGES } from '@estudai/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { simuladoAttempts, simuladoQuestions, simulados } from '../db/schema/index.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import type { SessionUser } from '../plugins/session.ts';
import { type GroupAccess, type GroupRow, groupAccess } from './groups.ts';

// Who may do what with simulados, decided here and nowhere else.

export type SimuladoRow = typeof simulados.$inferSelect;

/**
 * Who may create, edit, publish and follow the progress of a group's simulados: its owner, or an
 * admin. (Co-teachers, when they come, are added here.)
 */
function canManageGroupSimulados(user: SessionUser, group: GroupRow): boolean {
  return group.ownerId === user.id || user.userType === 'admin';
}

/** Teachers, mentors, tutors and admins make simulados; a student reads why not (403). */
export function assertCanCreateSimulados(user: SessionUser): void {
  if (!(GROUP_CREATOR_TYPES as readonly string[]).includes(user.userType))
    throw forbidden(SIMULADO_MESSAGES.createForbidden);
}

export interface GroupSimuladoAccess extends GroupAccess {
  canManage: boolean;
}

/**
 * The group and what the viewer may do with its simulados. Its list is members-only content (403, as
 * the group's other content: decision 013); an unknown group is 404.
 */
export async function groupSimuladoAccess(
  db: Tx,
  groupId: string,
  viewer: SessionUser,
): Promise<GroupSimuladoAccess> {
  const access = await groupAccess(db, groupId, viewer.id);
  const canManage = canManageGroupSimulados(viewer, access.group);
  if (!access.canAccess && !canManage) throw forbidden(GROUP_MESSAGES.membersOnly);
  return { ...access, canManage };
}

/** Managing requires the rule above; members who only take simulados read why not (403). */
export function assertManages(access: { canManage: boolean }): void {
  if (!access.canManage) throw forbidden(SIMULADO_MESSAGES.manageForbidden);
}

export interface SimuladoAccess {
  simulado: SimuladoRow;
  group: GroupRow;
  canManage: boolean;
  /** The owner or a current member: may take it once published. */
  isMember: boolean;
}

/**
 * A simulado the viewer may see: its organizers see drafts too, the group's members only published
 * ones. Anything else, a malformed id included, is 404 'Simulado não encontrado', so nobody can
 * probe which exist.
 */
export async function simuladoAccess(
  db: Tx,
  simuladoId: string,
  viewer: SessionUser,
): Promise<SimuladoAccess> {
  const [simulado] = isUuid(simuladoId)
    ? await db.select().from(simulados).where(eq(simulados.id, simuladoId)).limit(1)
    : [];
  if (!simulado) throw notFound(SIMULADO_MESSAGES.notFound);
  const access = await groupAccess(db, simulado.studyGroupId, viewer.id);
  const canManage = canManageGroupSimulados(viewer, access.group);
  const visible = canManage || (access.canAccess && simulado.status === 'published');
  if (!visible) throw notFound(SIMULADO_MESSAGES.notFound);
  return { simulado, group: access.group, canManage, isMember: access.canAccess };
}

/**
 * Whether `userId` has a simulado attempt running (started, not submitted, time left) that holds this
 * question, or any question of the post when `questionIndex` is left out. Answering it elsewhere
 * would show its key mid-exam (posts/answers.service.ts asks before answering).
 */
export async function isInOpenSimuladoOn(
  db: Tx,
  userId: string,
  postId: string,
  questionIndex: number | undefined,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(simuladoAttempts)
    .innerJoin(simuladoQuestions, eq(simuladoQuestions.simuladoId, simuladoAttempts.simuladoId))
    .where(
      and(
        eq(simuladoAttempts.userId, userId),
        isNull(simuladoAttempts.finalizedAt),
        isNull(simuladoAttempts.submittedAt),
        gt(simuladoAttempts.endsAt, now),
        eq(simuladoQuestions.postId, postId),
        questionIndex === undefined ? undefined : eq(simuladoQuestions.questionIndex, questionIndex),
      ),
    )
    .limit(1);
  return Boolean(row);
}
