import { AUTH_MESSAGES, MINORS_MESSAGES, USER_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, birthDateForAge, createMinor, createUser, sessionCookieFrom } from '../../../test/factories.ts';
import { guardianLinks, users } from '../../db/schema/index.ts';

// Issue 36, people who are not students: the guardian invitation leads to a guardian's own account
// type ('responsavel'), created only from an open invitation, and the invitation's page names the
// teen (first name and photo) to whoever holds the mail's link.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

async function invitation() {
  const teen = await createMinor(t.app, 14, {
    displayName: 'Lucas Andrade',
    avatar: '/media/avatars/lucas.webp',
  });
  const res = await (await as(t.app, teen)).post('/api/guardian/invite', { email: 'mae@exemplo.com.br' });
  expect(res.statusCode).toBe(201);
  await t.app.ctx.jobs.drain();
  const token = new URL(t.mailer.lastLink('mae@exemplo.com.br')).searchParams.get('convite');
  if (!token) throw new Error('invitation link without a token');
  return { teen, token };
}

const signup = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
const guardianSignup = (token: string | undefined, overrides: Record<string, unknown> = {}) =>
  signup({
    displayName: 'Marta Andrade',
    email: 'mae@exemplo.com.br',
    password: 'girassol-no-enem',
    profile: 'responsavel',
    birthDate: birthDateForAge(41),
    ...(token === undefined ? {} : { guardianInvite: token }),
    ...overrides,
  });
const preview = (token: string) => t.app.inject({ method: 'GET', url: `/api/guardian/links/${token}` });
const accountsOf = async (email: string) =>
  t.app.ctx.database.db.select().from(users).where(eq(users.email, email));

describe('the invitation’s page, signed out', () => {
  it('names the teen by first name and photo, nothing more', async () => {
    const { token } = await invitation();
    const res = await preview(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      teen: { firstName: 'Lucas', avatar: '/media/avatars/lucas.webp' },
      expiresAt: expect.any(String),
    });
  });

  it('answers 404 for an unknown token and 410 for a used or expired one', async () => {
    const unknown = await preview('x'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: MINORS_MESSAGES.inviteNotFound, code: 'NOT_FOUND' });

    const { token, teen } = await invitation();
    await t.app.ctx.database.db
      .update(guardianLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guardianLinks.teenId, teen.id));
    const expired = await preview(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe(MINORS_MESSAGES.inviteExpired);
  });
});

describe('a guardian’s sign-up', () => {
  it('creates a responsável account from an open invitation, not yet linked until confirmed', async () => {
    const { token, teen } = await invitation();
    const res = await guardianSignup(token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ userType: 'responsavel', displayName: 'Marta Andrade' });
    const [link] = await t.app.ctx.database.db
      .select()
      .from(guardianLinks)
      .where(eq(guardianLinks.teenId, teen.id));
    expect(link?.status).toBe('pending');

    // Confirmed from the page once the e-mail is verified, as any adult account does.
    const [guardian] = await accountsOf('mae@exemplo.com.br');
    if (!guardian) throw new Error('no account');
    await t.app.ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, guardian.id));
    const accepted = await (await as(t.app, guardian)).post(`/api/guardian/links/${token}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.teen.id).toBe(teen.id);
    expect(sessionCookieFrom(res)).toBeTruthy();
  });

  it('refuses the type without an invitation, with a wrong, a used or an expired one, and for a minor', async () => {
    const { token, teen } = await invitation();
    const none = await guardianSignup(undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: AUTH_MESSAGES.guardianInviteRequired, code: 'BAD_REQUEST' });

    const wrong = await guardianSignup('y'.repeat(43));
    expect(wrong.statusCode).toBe(404);

    const minor = await guardianSignup(token, { birthDate: birthDateForAge(16) });
    expect(minor.statusCode).toBe(400);
    expect(minor.json().error).toBe(MINORS_MESSAGES.guardianMinor);

    await t.app.ctx.database.db
      .update(guardianLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(guardianLinks.teenId, teen.id));
    const expired = await guardianSignup(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe(MINORS_MESSAGES.inviteExpired);

    expect(await accountsOf('mae@exemplo.com.br')).toEqual([]);
  });

  it('keeps the usual sign-ups as they were: an invitation token beside aluno changes nothing', async () => {
    const res = await signup({
      displayName: 'Ana Júlia',
      email: 'ana.julia@exemplo.com.br',
      password: 'girassol-no-enem',
      profile: 'aluno',
      birthDate: birthDateForAge(20),
      guardianInvite: 'qualquer-coisa',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.userType).toBe('aluno');
  });

  it('never lets an account switch itself to responsável afterwards (403)', async () => {
    const student = await createUser(t.app);
    const res = await (await as(t.app, student)).patch('/api/users/me', { userType: 'responsavel' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: USER_MESSAGES.guardianTypeByInvite, code: 'FORBIDDEN' });
    const [row] = await accountsOf(student.email);
    expect(row?.userType).toBe('aluno');
  });
});
