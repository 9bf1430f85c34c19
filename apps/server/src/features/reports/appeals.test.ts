// Issue 43: every action against a person has a reason and an appeal; strikes and their ladder.
import { AUTH_MESSAGES, formatBrasiliaDayMonthTime, MODERATION_MESSAGES } from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createPost, createUser, TEST_PASSWORD } from '../../../test/factories.ts';
import {
  follows,
  moderationAppeals,
  moderationEnforcements,
  notifications,
  posts,
  reports,
  users,
} from '../../db/schema/index.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
let now = new Date('2026-11-28T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => new Date(now) });
});
beforeEach(async () => {
  now = new Date('2026-11-28T12:00:00Z');
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

type User = Awaited<ReturnType<typeof createUser>>;
const db = () => t.app.ctx.database.db;

/** A report of `target` by a new person ('spam' unless told), answering its id. */
async function reportOf(target: User, reason = 'spam', postId?: string): Promise<string> {
  const reporter = await as(t.app, await createUser(t.app));
  const url = postId ? `/api/posts/${postId}/report` : `/api/users/${target.id}/report`;
  const res = await reporter.post(url, { reason });
  expect(res.statusCode).toBe(201);
  const open = await db()
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.targetId, target.id), eq(reports.status, 'open')));
  expect(open).toHaveLength(1);
  return open[0]!.id;
}

async function warn(moderator: Awaited<ReturnType<typeof as>>, target: User, postId?: string) {
  const reportId = await reportOf(target, 'assedio', postId);
  const res = await moderator.post(`/api/admin/reports/${reportId}/resolve`, { action: 'warn' });
  expect(res.statusCode).toBe(200);
  return reportId;
}

async function myActions(user: User) {
  const res = await (await as(t.app, user)).get('/api/users/me/moderation-actions');
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    kind: string;
    rule: string;
    ruleLabel: string;
    item: { type: string; id: string | null; label: string };
    endsAt: string | null;
    appealable: boolean;
    reversed: boolean;
    appeal: { id: string; status: string; note: string | null } | null;
  }[];
}

const login = (user: User) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });

async function moderators() {
  const first = await createUser(t.app, { userType: 'admin', displayName: 'Moderadora Um' });
  const second = await createUser(t.app, { userType: 'admin', displayName: 'Moderador Dois' });
  return { first, second, asFirst: await as(t.app, first), asSecond: await as(t.app, second) };
}

describe('strikes: a warning, then a 24 h limit, then a 7-day suspension; 90 days each', () => {
  it('records each warning as an action naming the rule and the item, and climbs the ladder', async () => {
    const { asFirst } = await moderators();
    const target = await createUser(t.app);
    await warn(asFirst, target);
    let actions = await myActions(target);
    expect(actions).toEqual([
      expect.objectContaining({
        kind: 'warning',
        rule: 'assedio',
        ruleLabel: 'Assédio',
        item: { type: 'user', id: null, label: 'sua conta' },
        appealable: true,
        reversed: false,
        appeal: null,
        endsAt: null,
      }),
    ]);

    now = new Date(now.getTime() + HOUR);
    await warn(asFirst, target);
    actions = await myActions(target);
    const limitEnds = new Date(now.getTime() + 24 * HOUR);
    expect(actions[0]).toMatchObject({ kind: 'limit', endsAt: limitEnds.toISOString() });
    // The notice names the rule, the item and until when.
    const notices = await db().select().from(notifications).where(eq(notifications.userId, target.id));
    expect(notices.map((n) => n.title)).toContain(
      `Ação da moderação: Limite de 24 horas para publicar e enviar mensagens até ${formatBrasiliaDayMonthTime(limitEnds)}`,
    );
    expect(notices.find((n) => n.title.startsWith('Ação da moderação'))?.message).toContain(
      'Regra: Assédio.',
    );

    // Limited: no post, comment or message, with a pt-BR 403 naming until when.
    const asTarget = await as(t.app, target);
    const refusal = {
      error: MODERATION_MESSAGES.limited(formatBrasiliaDayMonthTime(limitEnds)),
      code: 'POSTING_LIMITED',
    };
    const post = await asTarget.post('/api/posts', { type: 'text', content: 'Oi, pessoal' });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual(refusal);
    const other = await createUser(t.app);
    const theirs = await createPost(t.app, other);
    const comment = await asTarget.post(`/api/posts/${theirs.id}/comments`, { content: 'Oi' });
    expect(comment.statusCode).toBe(403);
    expect(comment.json()).toEqual(refusal);
    await db()
      .insert(follows)
      .values([
        { followerId: target.id, followingId: other.id },
        { followerId: other.id, followingId: target.id },
      ]);
    const conversation = await asTarget.post('/api/chat/conversations', { otherUserId: other.id });
    const message = await asTarget.post(`/api/chat/conversations/${conversation.json().data.id}/messages`, {
      content: 'Oi',
    });
    expect(message.statusCode).toBe(403);
    expect(message.json()).toEqual(refusal);
    expect(await db().select().from(posts).where(eq(posts.authorId, target.id))).toEqual([]);

    // The limit runs out after 24 hours.
    now = new Date(limitEnds.getTime() + 1000);
    expect((await asTarget.post('/api/posts', { type: 'text', content: 'Voltei' })).statusCode).toBe(201);

    // The third strike suspends for 7 days; signing in works again once they ran out.
    await warn(asFirst, target);
    const [suspension] = await db()
      .select()
      .from(moderationEnforcements)
      .where(eq(moderationEnforcements.kind, 'suspension'));
    expect(suspension).toMatchObject({ userId: target.id, strike: true });
    expect(suspension?.endsAt?.getTime()).toBe(now.getTime() + 7 * DAY);
    const refused = await login(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(AUTH_MESSAGES.accountSuspended);
    now = new Date(now.getTime() + 7 * DAY + 1000);
    expect((await login(target)).statusCode).toBe(200);
  });

  it('lets strikes expire after 90 days: the next warning is a first warning again', async () => {
    const { asFirst } = await moderators();
    const target = await createUser(t.app);
    await warn(asFirst, target);
    now = new Date(now.getTime() + 91 * DAY);
    const moderator = await as(
      t.app,
      (await db().select().from(users).where(eq(users.displayName, 'Moderadora Um')))[0]!,
    );
    await warn(moderator, target);
    expect((await myActions(target)).map((a) => a.kind)).toEqual(['warning', 'warning']);
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row?.limitedUntil).toBeNull();
  });

  it("records a removed post as 'content_removed' with the post as its item", async () => {
    const { asFirst } = await moderators();
    const author = await createUser(t.app);
    const post = await createPost(t.app, author, { content: 'Post ofensivo' });
    await warn(asFirst, author, post.id);
    const [action] = await myActions(author);
    expect(action).toMatchObject({
      kind: 'content_removed',
      item: { type: 'post', id: post.id, label: 'uma publicação sua' },
      appealable: true,
    });
    const [removal] = await db().select().from(notifications).where(eq(notifications.userId, author.id));
    expect(removal?.message).toContain('Regra: Assédio. Item: uma publicação sua.');
  });
});

describe("'Recorrer': one appeal per action, decided by another moderator", () => {
  async function suspendedPerson() {
    const mods = await moderators();
    const target = await createUser(t.app);
    const reportId = await reportOf(target);
    const res = await mods.asFirst.post(`/api/admin/reports/${reportId}/resolve`, { action: 'suspend' });
    expect(res.statusCode).toBe(200);
    const [action] = await db()
      .select()
      .from(moderationEnforcements)
      .where(eq(moderationEnforcements.userId, target.id));
    return { ...mods, target, reportId, actionId: action!.id };
  }

  /** Appeals as `user` through a session made directly (a suspended person can still be given one in tests). */
  async function appealAs(user: User, actionId: string, text: unknown) {
    return (await as(t.app, user)).post(`/api/moderation-actions/${actionId}/appeal`, { text } as Record<
      string,
      unknown
    >);
  }

  it('files an appeal (201) once; 409 the second time; 400 over 1,000 characters; 404 for someone else', async () => {
    const { target, actionId } = await suspendedPerson();
    await db().update(users).set({ suspendedAt: null }).where(eq(users.id, target.id));
    const long = await appealAs(target, actionId, 'a'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(MODERATION_MESSAGES.appealTooLong);
    const stranger = await createUser(t.app);
    const theirs = await appealAs(stranger, actionId, 'Não fui eu');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error).toBe(MODERATION_MESSAGES.actionNotFound);
    expect((await appealAs(target, '00000000-0000-4000-8000-000000000000', 'x')).statusCode).toBe(404);
    expect((await appealAs(target, 'nao-e-id', 'x')).statusCode).toBe(404);
    expect(await db().select().from(moderationAppeals)).toEqual([]);

    const first = await appealAs(target, actionId, ' Eu só divulguei meu grupo de estudos. ');
    expect(first.statusCode).toBe(201);
    expect(first.json().data.message).toBe(MODERATION_MESSAGES.appealSent);
    const again = await appealAs(target, actionId, 'De novo');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MODERATION_MESSAGES.appealTwice, code: 'ALREADY_APPEALED' });
    const [action] = await myActions(target);
    expect(action).toMatchObject({
      kind: 'suspension',
      appealable: false,
      appeal: { status: 'pending', note: null },
    });
    expect((await db().select().from(moderationAppeals))[0]?.text).toBe(
      'Eu só divulguei meu grupo de estudos.',
    );
    // 'Contestar' of the same decision is a second appeal too.
    const contest = await (await as(t.app, target)).post(
      `/api/reports/${(await db().select().from(reports))[0]!.id}/contest`,
      {
        reason: 'x',
      },
    );
    expect(contest.statusCode).toBe(409);
  });

  it('lets a suspended person, who cannot sign in, appeal with their e-mail and password', async () => {
    const { target } = await suspendedPerson();
    const url = '/api/moderation-actions/suspension-appeal';
    const send = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, payload });
    const wrong = await send({ email: target.email, password: 'errada-123', text: 'Foi engano' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe(AUTH_MESSAGES.invalidCredentials);
    const long = await send({ email: target.email, password: TEST_PASSWORD, text: 'a'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(MODERATION_MESSAGES.appealTooLong);
    const free = await createUser(t.app);
    const notSuspended = await send({ email: free.email, password: TEST_PASSWORD, text: 'Oi' });
    expect(notSuspended.statusCode).toBe(409);
    expect(notSuspended.json().error).toBe(MODERATION_MESSAGES.notSuspended);
    expect(await db().select().from(moderationAppeals)).toEqual([]);
    const sent = await send({
      email: target.email.toUpperCase(),
      password: TEST_PASSWORD,
      text: 'Foi engano',
    });
    expect(sent.statusCode).toBe(201);
    expect((await send({ email: target.email, password: TEST_PASSWORD, text: 'De novo' })).statusCode).toBe(
      409,
    );
  });

  it('refuses the moderator who acted (403) and non-moderators (403); a second moderator reverses it', async () => {
    const { target, actionId, asFirst, asSecond } = await suspendedPerson();
    await db().update(users).set({ suspendedAt: null }).where(eq(users.id, target.id));
    const appealed = await appealAs(target, actionId, 'Foi um engano.');
    await db().update(users).set({ suspendedAt: now }).where(eq(users.id, target.id));
    const appealId = appealed.json().data.id as string;
    expect((await login(target)).statusCode).toBe(403);

    const same = await asFirst.post(`/api/admin/appeals/${appealId}/decide`, { uphold: false, note: 'ok' });
    expect(same.statusCode).toBe(403);
    expect(same.json()).toEqual({ error: MODERATION_MESSAGES.sameModerator, code: 'SAME_MODERATOR' });
    const student = await as(t.app, await createUser(t.app));
    const notModerator = await student.post(`/api/admin/appeals/${appealId}/decide`, { uphold: false });
    expect(notModerator.statusCode).toBe(403);
    expect(notModerator.json().error).toBe(MODERATION_MESSAGES.moderatorsOnly);
    expect((await db().select().from(moderationAppeals))[0]?.status).toBe('pending');
    expect(
      (await asSecond.post(`/api/admin/appeals/${appealId}/decide`, { uphold: 'talvez' })).statusCode,
    ).toBe(400);
    expect(
      (
        await asSecond.post('/api/admin/appeals/00000000-0000-4000-8000-000000000000/decide', {
          uphold: true,
        })
      ).statusCode,
    ).toBe(404);

    const reversed = await asSecond.post(`/api/admin/appeals/${appealId}/decide`, {
      uphold: false,
      note: 'Divulgação de grupo de estudos é permitida.',
    });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().data.message).toBe(MODERATION_MESSAGES.appealReversed);
    expect((await login(target)).statusCode).toBe(200);
    const [action] = await myActions(target);
    expect(action).toMatchObject({
      reversed: true,
      appealable: false,
      appeal: { status: 'reversed', note: 'Divulgação de grupo de estudos é permitida.' },
    });
    const outcome = (await db().select().from(notifications).where(eq(notifications.userId, target.id))).find(
      (n) => n.title === MODERATION_MESSAGES.appealOutcomeTitle,
    );
    expect(outcome?.message).toContain('Divulgação de grupo de estudos é permitida.');
    // Decided once.
    expect((await asSecond.post(`/api/admin/appeals/${appealId}/decide`, { uphold: true })).statusCode).toBe(
      409,
    );
    // The reversed strike no longer counts: the next warning is a first warning.
    now = new Date(now.getTime() + 60_000);
    const again = await reportOf(target, 'spam');
    await asSecond.post(`/api/admin/reports/${again}/resolve`, { action: 'warn' });
    expect((await myActions(target))[0]?.kind).toBe('warning');
  });

  it('reversing a removal shows the post again; upholding keeps it hidden', async () => {
    const { asFirst, asSecond } = await moderators();
    const author = await createUser(t.app);
    const kept = await createPost(t.app, author, { content: 'Primeiro' });
    const back = await createPost(t.app, author, { content: 'Segundo' });
    await warn(asFirst, author, kept.id);
    await warn(asFirst, author, back.id);
    const actions = await myActions(author);
    const byItem = (id: string) => actions.find((a) => a.item.id === id)!;
    const appealOf = async (id: string) =>
      (await appealAs(author, byItem(id).id, 'Discordo')).json().data.id as string;
    const upheld = await asSecond.post(`/api/admin/appeals/${await appealOf(kept.id)}/decide`, {
      uphold: true,
    });
    expect(upheld.json().data.message).toBe(MODERATION_MESSAGES.appealUpheld);
    await asSecond.post(`/api/admin/appeals/${await appealOf(back.id)}/decide`, { uphold: false });
    const rows = await db().select().from(posts).where(eq(posts.authorId, author.id));
    expect(rows.find((p) => p.id === kept.id)?.hiddenAt).not.toBeNull();
    expect(rows.find((p) => p.id === back.id)?.hiddenAt).toBeNull();
    // The second strike (a limit) was the one reversed: the limit is lifted.
    const [person] = await db().select().from(users).where(eq(users.id, author.id));
    expect(person?.limitedUntil).toBeNull();
  });

  it("a reversal through today's 'Contestar' removes the strike too", async () => {
    const { asFirst } = await moderators();
    const author = await createUser(t.app);
    const post = await createPost(t.app, author);
    const reportId = await warn(asFirst, author, post.id);
    expect(
      (await (await as(t.app, author)).post(`/api/reports/${reportId}/contest`, { reason: 'Não fiz nada' }))
        .statusCode,
    ).toBe(200);
    const [action] = await myActions(author);
    expect(action?.appealable).toBe(false);
    expect((await appealAs(author, action!.id, 'De novo')).statusCode).toBe(409);
    await asFirst.post(`/api/admin/reports/${reportId}/contest`, { uphold: false });
    expect((await myActions(author))[0]?.reversed).toBe(true);
  });
});
