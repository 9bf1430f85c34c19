import { MINORS_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, birthDateForAge, createUser, sessionCookieFrom } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';

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

const signup = (birthDate?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      displayName: 'Bia Lima',
      email: 'bia@exemplo.com.br',
      password: 'girassol-no-enem',
      profile: 'aluno',
      ...(birthDate === undefined ? {} : { birthDate }),
    },
  });

const nextYear = `${new Date().getUTCFullYear() + 1}-01-10`;

describe('age at sign-up (issue 25)', () => {
  it('refuses a child under 12 (403) telling that a guardian must create the account, and creates nothing', async () => {
    const res = await signup(birthDateForAge(11, 300));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MINORS_MESSAGES.underMinAge, code: 'UNDER_MIN_AGE' });
    expect(res.json().error).toContain('LGPD, art. 14');
    expect(await t.app.ctx.database.db.select().from(users)).toEqual([]);
  });

  it.each([
    ['no birth date', undefined, MINORS_MESSAGES.birthDateRequired],
    ['an empty birth date', '', MINORS_MESSAGES.birthDateRequired],
    ['a birth date in the future', nextYear, MINORS_MESSAGES.birthDateFuture],
    ['something that is not a date', 'ontem', MINORS_MESSAGES.birthDateInvalid],
    ['a day that does not exist', '2010-02-30', MINORS_MESSAGES.birthDateInvalid],
    ['a Brazilian-order date', '17/09/2001', MINORS_MESSAGES.birthDateInvalid],
    ['a number', 20010917, MINORS_MESSAGES.birthDateRequired],
    ['a birth date making the user 130', birthDateForAge(130, 1), MINORS_MESSAGES.birthDateTooOld],
  ])('refuses %s with a pt-BR 400 and creates nothing', async (_, birthDate, message) => {
    const res = await signup(birthDate);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.app.ctx.database.db.select().from(users)).toEqual([]);
  });

  it('accepts someone of exactly 12 and of 129, and someone born today is refused as under 12', async () => {
    expect((await signup(birthDateForAge(12, 0))).statusCode).toBe(201);
    await t.app.ctx.database.db.delete(users);
    expect((await signup(birthDateForAge(129, 364))).statusCode).toBe(201);
    await t.app.ctx.database.db.delete(users);
    expect((await signup(birthDateForAge(0, 0))).statusCode).toBe(403);
  });

  it('signs a 14-year-old up in modo protegido with the protective defaults, shown only in their own me', async () => {
    const birthDate = birthDateForAge(14);
    const res = await signup(birthDate);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      birthDate,
      needsBirthDate: false,
      isMinor: true,
      protectedMode: true,
      supervision: { status: 'none' },
      privacy: { profileVisibility: 'followers', allowAdultChat: true, discoverable: true },
      deletionScheduledFor: null,
    });
    const cookie = sessionCookieFrom(res);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().data).toMatchObject({ birthDate, isMinor: true, protectedMode: true });
    const [bia] = await t.app.ctx.database.db.select().from(users);
    await t.app.ctx.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, bia!.id));
    const other = await as(t.app, await createUser(t.app));
    const profile = await other.get(`/api/users/${bia!.id}`);
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(profile.json())).not.toContain(birthDate);
    expect(profile.json().data).not.toHaveProperty('birthDate');
  });

  it('signs an adult up with the open defaults', async () => {
    const res = await signup('1990-04-01');
    expect(res.json().data).toMatchObject({
      isMinor: false,
      protectedMode: false,
      privacy: { profileVisibility: 'public' },
    });
  });
});

describe('PUT /api/users/me/birth-date (accounts from before it was asked)', () => {
  it('asks once through needsBirthDate, takes it once, then answers 409', async () => {
    const old = await createUser(t.app, { birthDate: null });
    const client = await as(t.app, old);
    expect((await client.get('/api/users/me')).json().data).toMatchObject({
      needsBirthDate: true,
      birthDate: null,
      isMinor: false,
    });
    const set = await client.put('/api/users/me/birth-date', { birthDate: birthDateForAge(15) });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({
      needsBirthDate: false,
      isMinor: true,
      protectedMode: true,
      privacy: { profileVisibility: 'followers' },
    });
    const again = await client.put('/api/users/me/birth-date', { birthDate: '1990-01-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: MINORS_MESSAGES.birthDateAlreadySet,
      code: 'BIRTH_DATE_ALREADY_SET',
    });
    const [row] = await t.app.ctx.database.db.select().from(users).where(eq(users.id, old.id));
    expect(row?.birthDate).toBe(birthDateForAge(15));
  });

  it('refuses bad dates with a pt-BR 400 and changes nothing', async () => {
    const old = await createUser(t.app, { birthDate: null });
    const client = await as(t.app, old);
    for (const [birthDate, message] of [
      [nextYear, MINORS_MESSAGES.birthDateFuture],
      ['31/12/2000', MINORS_MESSAGES.birthDateInvalid],
      ['1890-01-01', MINORS_MESSAGES.birthDateTooOld],
    ]) {
      const res = await client.put('/api/users/me/birth-date', { birthDate });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await client.get('/api/users/me')).json().data.needsBirthDate).toBe(true);
  });

  it('keeps chat and paid groups closed until the age is known', async () => {
    const old = await createUser(t.app, { birthDate: null });
    const friend = await createUser(t.app);
    const { follows } = await import('../../db/schema/index.ts');
    await t.app.ctx.database.db.insert(follows).values([
      { followerId: old.id, followingId: friend.id },
      { followerId: friend.id, followingId: old.id },
    ]);
    const res = await (await as(t.app, old)).post('/api/chat/conversations', { otherUserId: friend.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MINORS_MESSAGES.birthDateNeeded, code: 'BIRTH_DATE_REQUIRED' });
  });
});
