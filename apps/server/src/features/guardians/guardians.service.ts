import {
  type ApprovalResult,
  DASHBOARD_DAYS,
  GUARDIAN_ESSAYS_SHOWN,
  GUARDIAN_INVITE_DAYS,
  GUARDIAN_INVITE_PARAM,
  GUARDIAN_PAGE_PATH,
  type GuardianInvitePreview,
  type GuardianInviteResult,
  type GuardianLinkAccepted,
  type GuardianTeen,
  inviteSentMessage,
  linkAcceptedMessage,
  MINORS_ERROR_CODES,
  MINORS_MESSAGES,
} from '@estudai/contract';
import {
  essayScoresReadableBy,
  guardianInviteClosed,
  hiddenWordsOf,
  minorStatus,
  openGuardianInvite,
  privacyOf,
} from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ageBand, ageIn, isMinorBand } from '../../lib/ages.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { previousDay, studyDay, studyDayStart } from '../../lib/study-days.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { listConversationPartners } from '../chat/index.ts';
import { verifiedMinutesByDay } from '../rooms/index.ts';
import { studyMinutesByDay } from '../study/index.ts';
import { correctedEssayScores, countEssaysWaiting } from './essays.queries.ts';
import { guardianInviteMail } from './guardians.mails.ts';
import { toActivity, toPerson } from './guardians.present.ts';
import {
  activateLink,
  activeLinksOf,
  decidePendingApproval,
  findApproval,
  findLinkByTokenHash,
  findLinkedTeen,
  findOpenLink,
  findPerson,
  groupNameOf,
  pendingApprovalRows,
  replacePendingInvitation,
  revokeLink,
} from './guardians.queries.ts';
import { presenceMinutesByDay } from './presence.queries.ts';
import { safetyCountsOf } from './protections.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dashboard's Brasília days, oldest first, ending today. */
function dashboardDays(now: Date): string[] {
  const days = [studyDay(now)];
  while (days.length < DASHBOARD_DAYS) days.unshift(previousDay(days[0] as string));
  return days;
}

async function dailyActivity(db: Tx, teenId: string, now: Date) {
  const days = dashboardDays(now);
  const first = days[0] as string;
  const [app, study, verified] = await Promise.all([
    presenceMinutesByDay(db, teenId, studyDayStart(first)),
    studyMinutesByDay(db, teenId, first),
    verifiedMinutesByDay(db, teenId, studyDayStart(first)),
  ]);
  return toActivity(days, app, study, verified);
}
const gone = (message: string) => new AppError(410, MINORS_ERROR_CODES.inviteGone, message);

/**
 * `POST /api/guardian/invite`: a minor names a guardian's e-mail; a new invitation replaces one
 * still pending. The address gets a link to `/responsavel?convite={token}` (only its hash is kept).
 */
export async function inviteGuardian(
  ctx: AppContext,
  teen: SessionUser,
  email: string,
  now = ctx.clock(),
): Promise<GuardianInviteResult> {
  const { db } = ctx.database;
  const status = await minorStatus(db, teen, now);
  if (!status.isMinor) throw forbidden(MINORS_MESSAGES.inviteOnlyMinors);
  if (email === teen.email) throw badRequest(MINORS_MESSAGES.inviteSelf);
  if (status.supervision.status === 'active') throw conflict(MINORS_MESSAGES.alreadySupervised);
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + GUARDIAN_INVITE_DAYS * DAY_MS);
  const link = await db.transaction((tx) =>
    replacePendingInvitation(
      tx,
      { teenId: teen.id, invitedEmail: email, tokenHash: sha256(token), expiresAt },
      now,
    ),
  );
  const url = `${ctx.config.publicUrl}${GUARDIAN_PAGE_PATH}?${GUARDIAN_INVITE_PARAM}=${encodeURIComponent(token)}`;
  await ctx.jobs.send('mail.send', guardianInviteMail(email, teen.displayName, url));
  ctx.sessions.forgetUser(teen.id);
  return { id: link.id, email, expiresAt: expiresAt.toISOString(), message: inviteSentMessage(email) };
}

/**
 * `GET /api/guardian/links/{token}` (issue 36): the invitation's page names the teen by first name
 * and photo, as the mail does, for whoever holds the link; 404 or 410 as confirming would answer.
 */
export async function previewGuardianInvite(ctx: AppContext, token: string): Promise<GuardianInvitePreview> {
  const invite = await openGuardianInvite(ctx.database.db, token, ctx.clock());
  return {
    teen: { firstName: invite.teenName.trim().split(/\s+/)[0] ?? '', avatar: invite.teenAvatar },
    expiresAt: invite.expiresAt.toISOString(),
  };
}

/**
 * `POST /api/guardian/links/{token}/accept`: a signed-in adult becomes the teen's guardian. An
 * expired, replaced or already used invitation answers 410; a guardian who is a minor, 400.
 */
export async function acceptGuardianLink(
  ctx: AppContext,
  guardian: SessionUser,
  token: string,
  now = ctx.clock(),
): Promise<GuardianLinkAccepted> {
  const { db } = ctx.database;
  const link = await findLinkByTokenHash(db, sha256(token));
  if (!link) throw notFound(MINORS_MESSAGES.inviteNotFound);
  if (link.teenId === guardian.id) throw badRequest(MINORS_MESSAGES.guardianIsTeen);
  const band = ageBand(guardian.birthDate, now);
  if (band === 'unknown')
    throw badRequest(MINORS_MESSAGES.guardianNeedsBirthDate, MINORS_ERROR_CODES.birthDateRequired);
  if (band !== 'adult') throw badRequest(MINORS_MESSAGES.guardianMinor, MINORS_ERROR_CODES.guardianNotAdult);
  const closed = guardianInviteClosed(link, now);
  if (closed) throw closed;

  const accepted = await ctx.events
    .transaction(async (tx) => {
      const row = await activateLink(tx, link.id, guardian.id, now);
      if (!row) throw gone(MINORS_MESSAGES.inviteUsed);
      const teen = await findPerson(tx, row.teenId);
      if (!teen) throw notFound(MINORS_MESSAGES.inviteNotFound);
      // The teen is told that the supervision is on.
      await ctx.events.emit(tx, 'guardian.linked', {
        linkId: row.id,
        teenId: teen.id,
        guardianId: guardian.id,
        guardianName: guardian.displayName,
      });
      return { row, teen };
    })
    .catch((error: unknown) => {
      // The teen got another guardian meanwhile (one active link per teen).
      if (isUniqueViolation(error)) throw conflict(MINORS_MESSAGES.alreadySupervised);
      throw error;
    });
  ctx.sessions.forgetUser(accepted.teen.id);
  return {
    linkId: accepted.row.id,
    teen: accepted.teen,
    message: linkAcceptedMessage(accepted.teen.displayName),
  };
}

/**
 * `DELETE /api/guardian/links/{id}`: the guardian may always unlink; the teen only from 16 on
 * (403 before); a pending invitation may be withdrawn by the teen. Anyone else: 404.
 */
export async function endGuardianLink(
  ctx: AppContext,
  viewer: SessionUser,
  linkId: string,
  now = ctx.clock(),
) {
  if (!isUuid(linkId)) throw notFound(MINORS_MESSAGES.linkNotFound);
  const { db } = ctx.database;
  const link = await findOpenLink(db, linkId);
  const isGuardian = link?.status === 'active' && link.guardianId === viewer.id;
  const isTeen = link?.teenId === viewer.id;
  if (!link || (!isGuardian && !isTeen)) throw notFound(MINORS_MESSAGES.linkNotFound);
  const band = ageBand(viewer.birthDate, now);
  if (!isGuardian && link.status === 'active' && band !== 'teen' && band !== 'adult') {
    throw forbidden(MINORS_MESSAGES.teenCannotUnlink);
  }
  await revokeLink(db, link.id, now);
  ctx.sessions.forgetUser(link.teenId);
}

/** The teen behind an active link of this guardian; 404 for anyone else's. */
export async function requireLinkedTeen(db: Tx, guardianId: string, teenId: string): Promise<SessionUser> {
  if (!isUuid(teenId)) throw notFound(MINORS_MESSAGES.teenNotFound);
  const teen = await findLinkedTeen(db, guardianId, teenId);
  if (!teen) throw notFound(MINORS_MESSAGES.teenNotFound);
  return teen;
}

/**
 * The teen's redação (issue 38), for whom the essays' rule lets read their scores: the last
 * corrected essays' scores and how many wait. Nothing for anyone else.
 */
async function essayScoresOf(db: Tx, teenId: string, facts: Parameters<typeof essayScoresReadableBy>[0]) {
  if (!essayScoresReadableBy(facts)) return { corrected: [], waiting: 0 };
  const [rows, waiting] = await Promise.all([
    correctedEssayScores(db, teenId, GUARDIAN_ESSAYS_SHOWN),
    countEssaysWaiting(db, teenId),
  ]);
  return {
    corrected: rows.flatMap(({ promptTitle, correctedAt, finalScore }) =>
      finalScore && correctedAt
        ? [{ promptTitle, correctedAt: correctedAt.toISOString(), ...finalScore }]
        : [],
    ),
    waiting,
  };
}

async function pendingApprovals(db: Tx, teenId: string) {
  const rows = await pendingApprovalRows(db, teenId);
  return rows.map(({ approval, group }) => ({
    id: approval.id,
    requestedAt: approval.createdAt.toISOString(),
    group: { id: group.id, name: group.name, price: group.price, currency: group.currency },
  }));
}

/**
 * The teen's protections (issue 43): hidden words and sensitive-image protection (always on for a
 * minor), how many people they blocked and how many reports they made. Never a word or a message.
 */
async function protectionsOf(db: Tx, teenId: string, now: Date) {
  const [hidden, counts] = await Promise.all([hiddenWordsOf(db, teenId, now), safetyCountsOf(db, teenId)]);
  return { hiddenWords: hidden.defaultsOn, sensitiveImages: hidden.isMinor, ...counts };
}

/**
 * `GET /api/guardian/teens`: each linked teen with 14 days of app and study minutes, the adults
 * they chat with and since when (never what was said), pending paid-group asks, their privacy and
 * their protections, and their essays' scores (issue 38).
 */
export async function listLinkedTeens(
  ctx: AppContext,
  guardian: SessionUser,
  now = ctx.clock(),
): Promise<GuardianTeen[]> {
  const { db } = ctx.database;
  const links = await activeLinksOf(db, guardian.id);
  return Promise.all(
    links.map(async ({ link, teen }) => {
      const [activity, partners, approvals, protections, essays] = await Promise.all([
        dailyActivity(db, teen.id, now),
        listConversationPartners(db, teen.id),
        pendingApprovals(db, teen.id),
        protectionsOf(db, teen.id, now),
        essayScoresOf(db, teen.id, {
          isAuthor: teen.id === guardian.id,
          isActiveGuardianOfAuthor: link.status === 'active' && link.guardianId === guardian.id,
        }),
      ]);
      return {
        linkId: link.id,
        since: (link.acceptedAt ?? link.createdAt).toISOString(),
        teen: { ...toPerson(teen), age: teen.birthDate ? ageIn(teen.birthDate, now) : 0 },
        activity,
        adultContacts: partners
          .filter((partner) => !isMinorBand(ageBand(partner.birthDate, now)))
          .map((partner) => ({ ...toPerson(partner), since: partner.since.toISOString() })),
        pendingApprovals: approvals,
        privacy: privacyOf(teen),
        protections,
        deletionScheduledFor: teen.deletionScheduledFor?.toISOString() ?? null,
        essays,
      };
    }),
  );
}

/** `POST /api/guardian/approvals/{id}`: the guardian lets a paid join go on to payment, or not. */
export async function decideApproval(
  ctx: AppContext,
  guardian: SessionUser,
  approvalId: string,
  approve: boolean,
  now = ctx.clock(),
): Promise<ApprovalResult> {
  if (!isUuid(approvalId)) throw notFound(MINORS_MESSAGES.approvalNotFound);
  const { db } = ctx.database;
  const approval = await findApproval(db, approvalId);
  if (!approval) throw notFound(MINORS_MESSAGES.approvalNotFound);
  await requireLinkedTeen(db, guardian.id, approval.teenId).catch(() => {
    throw notFound(MINORS_MESSAGES.approvalNotFound);
  });
  const status = approve ? ('approved' as const) : ('refused' as const);
  await ctx.events.transaction(async (tx) => {
    const row = await decidePendingApproval(tx, approval.id, {
      status,
      decidedAt: now,
      decidedBy: guardian.id,
    });
    if (!row) throw conflict(MINORS_MESSAGES.approvalAnswered);
    // The teen hears the decision.
    await ctx.events.emit(tx, 'guardian.approval.decided', {
      approvalId: row.id,
      teenId: row.teenId,
      guardianId: guardian.id,
      groupId: row.studyGroupId,
      groupName: (await groupNameOf(tx, row.studyGroupId)) ?? '',
      approved: approve,
    });
  });
  return {
    id: approval.id,
    status,
    message: approve ? MINORS_MESSAGES.approvalApproved : MINORS_MESSAGES.approvalRefused,
  };
}
