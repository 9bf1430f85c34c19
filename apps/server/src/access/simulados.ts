import {
  GROUP_CREATOR_TYPES,
  GROUP_MESSAGES,
  SIMULADO_MESSAGES,
  SIMULADO_PAPER_MESSAGES,
  SimuladoErrorCode,
  SimuladoPaperErrorCode,
} from '@estudai/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { simuladoAttempts, simuladoQuestions, simulados } from '../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { isUuid } from '../lib/uuid.ts';
import type { SessionUser } from '../plugins/session.ts';
import {
  findMembership,
  type GroupAccess,
  type GroupRow,
  groupAccess,
  membershipIsCurrent,
} from './groups.ts';

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
  /** null for a student's own simulado ('Monte seu simulado'). */
  group: GroupRow | null;
  canManage: boolean;
  /** The owner or a current member: may take it once published. */
  isMember: boolean;
  /** The group's owner, and a co-teacher it added (issue 24): who read the class results. */
  isOwner: boolean;
  isTeacher: boolean;
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
  if (simulado.studyGroupId === null) {
    // A student's own simulado (issue 36): its creator alone sees and takes it; nobody manages it.
    if (!personalSimuladoVisible({ isCreator: simulado.createdBy === viewer.id }))
      throw notFound(SIMULADO_MESSAGES.notFound);
    return { simulado, group: null, canManage: false, isMember: true, isOwner: false, isTeacher: false };
  }
  const access = await groupAccess(db, simulado.studyGroupId, viewer.id);
  const canManage = canManageGroupSimulados(viewer, access.group);
  const visible = canManage || (access.canAccess && simulado.status === 'published');
  if (!visible) throw notFound(SIMULADO_MESSAGES.notFound);
  return {
    simulado,
    group: access.group,
    canManage,
    isMember: access.canAccess,
    isOwner: access.isOwner,
    isTeacher: access.isTeacher,
  };
}

/** The group of a simulado one manages (a student's own has none: nobody manages it, 403). */
export function groupOf(access: SimuladoAccess): GroupRow {
  if (!access.group) throw forbidden(SIMULADO_MESSAGES.manageForbidden);
  return access.group;
}

/**
 * A student's own simulado ('Monte seu simulado', issue 36): only its creator sees it, takes it and
 * reads its result; an admin, a teacher, a guardian or anyone else reads 404 (there is no ranking nor
 * class to share it with). Can an adult stranger reach a minor here? No.
 */
export function personalSimuladoVisible(facts: { isCreator: boolean }): boolean {
  return facts.isCreator;
}

/**
 * The class results (issue 36): every participant's figures and names. The group's owner, its
 * co-teachers and an admin read them once the window closed (409 before); anyone else, a member who
 * took it included, is answered 404, as for anything private.
 */
export interface ClassResultsFacts {
  isOwner: boolean;
  isTeacher: boolean;
  isAdmin: boolean;
  published: boolean;
  closed: boolean;
}

export type ClassResultsRefusal = 'notFound' | 'notReady' | null;

export function classResultsRefusal(facts: ClassResultsFacts): ClassResultsRefusal {
  if (!(facts.isOwner || facts.isTeacher || facts.isAdmin)) return 'notFound';
  return facts.published && facts.closed ? null : 'notReady';
}

/**
 * Whose name the class results show: an adult's to everyone who reads them; a minor's to the group's
 * owner only (a co-teacher or an admin reads 'Participante N (menor de idade)'). Can an adult stranger
 * reach a minor here? No: strangers read nothing (404), and staff other than the owner read no name.
 */
export function classParticipantNameShown(facts: { viewerIsOwner: boolean; participantIsMinor: boolean }) {
  return facts.viewerIsOwner || !facts.participantIsMinor;
}

/** Whether the viewer is one who reads the class results (once closed): the page shows the section. */
export function readsClassResults(access: SimuladoAccess, viewer: SessionUser): boolean {
  return (
    classResultsRefusal({
      isOwner: access.isOwner,
      isTeacher: access.isTeacher,
      isAdmin: viewer.userType === 'admin' && access.group !== null,
      published: true,
      closed: true,
    }) === null
  );
}

/** Loads nothing: refuses the class results from the access already loaded (404 or 409). */
export function requireClassResults(access: SimuladoAccess, viewer: SessionUser, now: Date): void {
  const refusal = classResultsRefusal({
    isOwner: access.isOwner,
    isTeacher: access.isTeacher,
    isAdmin: viewer.userType === 'admin' && access.group !== null,
    published: access.simulado.status === 'published',
    closed: now >= access.simulado.closesAt,
  });
  if (refusal === 'notFound') throw notFound(SIMULADO_MESSAGES.notFound);
  if (refusal === 'notReady')
    throw conflict(SIMULADO_MESSAGES.classResultsNotReady, SimuladoErrorCode.classResultsNotReady);
}

/**
 * Paper simulados (issue 42): printing a simulado and typing a student's sheet are its organizers'
 * (a member who takes it would read the questions before the day: 403). A sheet is typed for a guest
 * (a name, no account) or for a current member of the simulado's group, never for anyone else: an
 * adult stranger cannot be given, nor a minor outside the group be given, an attempt this way. A
 * member with an attempt already (online or typed) keeps it: nothing is replaced.
 */
export interface PaperEntryFacts {
  canManage: boolean;
  published: boolean;
  target: { kind: 'guest' } | { kind: 'member'; isCurrentMember: boolean; hasAttempt: boolean };
}

export type PaperEntryRefusal = 'forbidden' | 'notPublished' | 'notMember' | 'attemptExists' | null;

export function paperEntryRefusal(facts: PaperEntryFacts): PaperEntryRefusal {
  if (!facts.canManage) return 'forbidden';
  if (!facts.published) return 'notPublished';
  if (facts.target.kind === 'guest') return null;
  if (!facts.target.isCurrentMember) return 'notMember';
  return facts.target.hasAttempt ? 'attemptExists' : null;
}

/** Printing and the list of typed sheets: the organizers only (403 for a member, 404 for a stranger). */
export function assertPaperManager(access: { canManage: boolean }): void {
  if (!access.canManage) throw forbidden(SIMULADO_PAPER_MESSAGES.forbidden);
}

/** Loads the facts of typing a sheet for `userId` (or a guest) and throws the refusal, if any. */
export async function requirePaperEntry(
  db: Tx,
  access: SimuladoAccess,
  userId: string | undefined,
  now: Date,
): Promise<void> {
  let target: PaperEntryFacts['target'] = { kind: 'guest' };
  if (userId !== undefined) {
    const membership = await findMembership(db, groupOf(access).id, userId);
    const [attempt] = await db
      .select({ one: sql<number>`1` })
      .from(simuladoAttempts)
      .where(and(eq(simuladoAttempts.simuladoId, access.simulado.id), eq(simuladoAttempts.userId, userId)))
      .limit(1);
    target = {
      kind: 'member',
      isCurrentMember: membershipIsCurrent(membership, now),
      hasAttempt: Boolean(attempt),
    };
  }
  const refusal = paperEntryRefusal({
    canManage: access.canManage,
    published: access.simulado.status === 'published',
    target,
  });
  const P = SIMULADO_PAPER_MESSAGES;
  const C = SimuladoPaperErrorCode;
  if (refusal === 'forbidden') throw forbidden(P.forbidden);
  if (refusal === 'notPublished') throw conflict(P.notPublished);
  if (refusal === 'notMember') throw badRequest(P.notMember, C.notMember);
  if (refusal === 'attemptExists') throw conflict(P.attemptExists, C.attemptExists);
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
