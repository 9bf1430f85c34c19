import { AUTH_MESSAGES, ROBOT_CHECK_FAILED_CODE } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, sessionCookieFrom, signedInAs, TEST_PASSWORD } from '../../../test/factories.ts';
import { easyRobotCheck, solveRobotCheck } from '../../../test/robot-check.ts';
import { authCodes, sessions, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(easyRobotCheck);
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const signup = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
const login = (
  email: string,
  password: string,
  headers: Record<string, string> = {},
  robotCheck?: string,
  remoteAddress?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, ...(robotCheck ? { robotCheck } : {}) },
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const solvedCheck = () => solveRobotCheck(t.app);
const me = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: cookie ? { cookie } : {} });

const validSignup = {
  displayName: 'Ana Júlia',
  email: 'ana.julia@exemplo.com.br',
  password: 'girassol-no-enem',
  profile: 'aluno',
  birthDate: '2001-09-17',
};

describe('POST /api/auth/signup', () => {
  it('creates an unverified user and signs them in with an httpOnly, SameSite=Lax cookie', async () => {
    const res = await signup(validSignup);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      displayName: 'Ana Júlia',
      email: 'ana.julia@exemplo.com.br',
      userType: 'aluno',
      emailVerified: false,
      username: 'ana.julia',
    });
    const cookie = res.cookies.find((c) => c.name === 'estudai_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const current = await me(sessionCookieFrom(res));
    expect(current.statusCode).toBe(200);
    expect(current.json().data.email).toBe('ana.julia@exemplo.com.br');
  });

  it('stores the e-mail trimmed, lower-cased and in Unicode NFC', async () => {
    const res = await signup({ ...validSignup, email: '  Jo\u0061\u0303o@Exemplo.COM.br ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.email).toBe('jo\u00e3o@exemplo.com.br');
  });

  it('refuses an e-mail that differs from a taken one only in case (409)', async () => {
    expect((await signup(validSignup)).statusCode).toBe(201);
    const res = await signup({ ...validSignup, email: 'ANA.Julia@Exemplo.com.BR' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.emailTaken, code: 'EMAIL_TAKEN' });
  });

  it('refuses an e-mail that differs from a taken one only in Unicode form (409)', async () => {
    const composed = 'jo\u00e3o@exemplo.com.br';
    const decomposed = 'jo\u0061\u0303o@exemplo.com.br';
    expect(composed).not.toBe(decomposed);
    expect((await signup({ ...validSignup, email: composed })).statusCode).toBe(201);
    const res = await signup({ ...validSignup, email: decomposed });
    expect(res.statusCode).toBe(409);
  });

  it('keeps one account when the same e-mail signs up twice at once', async () => {
    const replies = await Promise.all([signup(validSignup), signup(validSignup)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.app.ctx.database.db.select().from(users).where(eq(users.email, validSignup.email));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a short password', { password: '12345' }, AUTH_MESSAGES.passwordShort],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, AUTH_MESSAGES.passwordLong],
    ['a common password', { password: 'senha123' }, AUTH_MESSAGES.passwordCommon],
    ['a common password in other case', { password: 'Flamengo123' }, AUTH_MESSAGES.passwordCommon],
    ['a blank name', { displayName: '   ' }, AUTH_MESSAGES.displayNameRequired],
    ['a name over 50 characters', { displayName: 'a'.repeat(51) }, AUTH_MESSAGES.displayNameLong],
    ['an invalid e-mail', { email: 'ana@' }, AUTH_MESSAGES.emailInvalid],
    ['the admin type', { profile: 'admin' }, AUTH_MESSAGES.profileInvalid],
    ['the tutor type', { profile: 'tutor' }, AUTH_MESSAGES.profileInvalid],
  ])('refuses %s with a pt-BR message (400)', async (_, change, message) => {
    const res = await signup({ ...validSignup, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.app.ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('accepts a password of exactly 6 and of exactly 128 characters', async () => {
    expect((await signup({ ...validSignup, password: 'kq7#zp' })).statusCode).toBe(201);
    const long = await signup({ ...validSignup, email: 'outra@exemplo.com.br', password: 'p'.repeat(128) });
    expect(long.statusCode).toBe(201);
  });

  it('refuses a missing field and an unknown field', async () => {
    const { password: _, ...withoutPassword } = validSignup;
    expect((await signup(withoutPassword)).statusCode).toBe(400);
    const extra = await signup({ ...validSignup, emailVerified: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses a body carrying __proto__ and creates nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: `{"displayName":"Ana","email":"proto@exemplo.com","password":"girassol-no-enem","profile":"aluno","birthDate":"2001-09-17","__proto__":{"emailVerified":true}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(await t.app.ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('answers malformed JSON with a pt-BR 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"displayName":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('O corpo da requisição não é um JSON válido.');
  });

  it('stores an argon2id hash with at least the OWASP parameters', async () => {
    await signup(validSignup);
    const [user] = await t.app.ctx.database.db.select().from(users);
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(user?.passwordHash ?? '');
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
    expect(user?.passwordHash).not.toContain(validSignup.password);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the e-mail in any case and answers the current user', async () => {
    const user = await createUser(t.app, { email: 'carla@exemplo.com.br' });
    const res = await login(' Carla@Exemplo.com.br ', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, emailVerified: true });
    expect((await me(sessionCookieFrom(res))).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail with the same generic 401', async () => {
    await createUser(t.app, { email: 'carla@exemplo.com.br' });
    const wrongPassword = await login('carla@exemplo.com.br', 'nao-e-essa');
    const unknownEmail = await login('ninguem@exemplo.com.br', TEST_PASSWORD);
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: AUTH_MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('refuses empty fields with the spec message', async () => {
    const res = await login('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_MESSAGES.loginRequired);
  });

  it('issues a new session id at every login and drops the one the browser held', async () => {
    const user = await createUser(t.app, { email: 'carla@exemplo.com.br' });
    const first = sessionCookieFrom(await login(user.email, TEST_PASSWORD));
    const second = sessionCookieFrom(await login(user.email, TEST_PASSWORD, { cookie: first }));
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('answers 429 to one address after 10 failures for an account, even with the right password', async () => {
    const user = await createUser(t.app, { email: 'carla@exemplo.com.br' });
    for (let i = 0; i < 10; i++) {
      const wrong = await login(user.email, `errada-${i}`, {}, i >= 3 ? await solvedCheck() : undefined);
      expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await login(user.email, TEST_PASSWORD, {}, await solvedCheck());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(locked.headers['retry-after']).toBe('900');
    // The owner, from another address, is not locked out: after the robot check, they are in.
    expect((await login(user.email, TEST_PASSWORD, {}, await solvedCheck(), '10.0.0.9')).statusCode).toBe(
      200,
    );
    // Another account is not affected.
    const other = await createUser(t.app);
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner sign in after the robot check while others send wrong passwords for the e-mail', async () => {
    const user = await createUser(t.app, { email: 'dona@exemplo.com.br' });
    // An attacker spreads guesses over many addresses: each address stays under its own limit.
    for (let i = 0; i < 12; i++) {
      const guess = await login(user.email, `chute-${i}`, {}, undefined, `203.0.113.${i % 4}`);
      expect(guess.statusCode).toBe(401);
    }
    // Past a few failures every attempt needs the proof of work, the attacker's included.
    const withoutCheck = await login(user.email, TEST_PASSWORD, {}, undefined, '198.51.100.7');
    expect(withoutCheck.statusCode).toBe(401);
    expect(withoutCheck.json()).toEqual({
      error: AUTH_MESSAGES.robotCheckRequired,
      code: 'ROBOT_CHECK_REQUIRED',
    });
    const owner = await login(user.email, TEST_PASSWORD, {}, await solvedCheck(), '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect((await me(sessionCookieFrom(owner))).statusCode).toBe(200);
    // The attack goes on: a guess with a solved check is still a wrong password, not a lock-out.
    const guess = await login(user.email, 'outro-chute', {}, await solvedCheck(), '203.0.113.1');
    expect(guess.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('spends a robot check once and refuses a forged one', async () => {
    const user = await createUser(t.app, { email: 'dona@exemplo.com.br' });
    for (let i = 0; i < 4; i++) await login(user.email, `chute-${i}`, {}, undefined, `203.0.113.${i}`);
    const check = await solvedCheck();
    expect((await login(user.email, 'outro-chute', {}, check)).json().code).toBe('INVALID_CREDENTIALS');
    const reused = await login(user.email, TEST_PASSWORD, {}, check);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(ROBOT_CHECK_FAILED_CODE);
    const forged = await login(user.email, TEST_PASSWORD, {}, Buffer.from('{"x":1}').toString('base64'));
    expect(forged.statusCode).toBe(400);
  });

  it('checks at most a few passwords for one account when 30 arrive at once without the robot check', async () => {
    const user = await createUser(t.app, { email: 'carla@exemplo.com.br' });
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.email, `errada-${i}`)));
    const codes = replies.map((reply) => reply.json().code);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(3);
    expect(
      codes.every((code) => ['INVALID_CREDENTIALS', 'ROBOT_CHECK_REQUIRED', 'RATE_LIMITED'].includes(code)),
    ).toBe(true);
  });

  it('limits sign-in attempts per IP', async () => {
    const limited = await buildTestApp({
      rateLimits: { ...t.config.rateLimits, authPerIpPer15Min: 3 },
    });
    try {
      const attempts = [];
      for (let i = 0; i < 4; i++) {
        attempts.push(
          await limited.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: `x${i}@exemplo.com.br`, password: 'qualquer-uma' },
          }),
        );
      }
      expect(attempts.map((r) => r.statusCode)).toEqual([401, 401, 401, 429]);
      expect(attempts[3]?.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.app.close();
    }
  });

  it('refuses a suspended account and ends its open sessions', async () => {
    const user = await createUser(t.app, { email: 'suspensa@exemplo.com.br' });
    const cookie = await signedInAs(t.app, user);
    await t.app.ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(AUTH_MESSAGES.accountSuspended);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout and GET /api/users/me', () => {
  it('tells who is signed in through /api/auth/session, answering 200 with null when nobody is', async () => {
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ data: null });
    const user = await createUser(t.app);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: await signedInAs(t.app, user) },
    });
    expect(signedIn.json().data).toMatchObject({ id: user.id, email: user.email });
  });

  it('answers 401 with a pt-BR message when signed out', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: AUTH_MESSAGES.unauthenticated, code: 'UNAUTHENTICATED' });
  });

  it('deletes the session on the server, so the old cookie no longer works', async () => {
    const user = await createUser(t.app);
    const cookie = await signedInAs(t.app, user);
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'estudai_session')?.value).toBe('');
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await t.app.ctx.database.db.select().from(sessions)).toHaveLength(0);
  });

  it('signs out of every device with logout-all, leaving other accounts signed in', async () => {
    const user = await createUser(t.app);
    const [phone, laptop] = [await signedInAs(t.app, user), await signedInAs(t.app, user)];
    const someoneElse = await signedInAs(t.app, await createUser(t.app));
    for (const cookie of [phone, laptop]) expect((await me(cookie)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { cookie: phone },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(AUTH_MESSAGES.loggedOutEverywhere);
    for (const cookie of [phone, laptop]) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(someoneElse)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout-all' })).statusCode).toBe(401);
  });

  it('stores only the hash of the session token', async () => {
    const res = await signup(validSignup);
    const token = res.cookies.find((c) => c.name === 'estudai_session')?.value ?? '';
    const [row] = await t.app.ctx.database.db.select().from(sessions);
    expect(row?.id).toBe(sha256(token));
    expect(row?.id).not.toBe(token);
  });
});

describe('e-mail verification', () => {
  async function signedUp() {
    const res = await signup(validSignup);
    return sessionCookieFrom(res);
  }
  // The mail is a durable job: the tests run what is queued before looking at the mailbox.
  const send = async (cookie?: string, email = validSignup.email) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email },
      headers: cookie ? { cookie } : {},
    });
    await t.app.ctx.jobs.drain();
    return res;
  };
  const confirm = (oobCode: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { oobCode } });

  it('mails a link to /auth/mgmt with a 256-bit code, stored only as a hash', async () => {
    const cookie = await signedUp();
    const res = await send(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(AUTH_MESSAGES.verificationSent);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe(validSignup.email);
    expect(mail?.subject).toBe('Confirme seu e-mail no Estudaí');
    expect(mail?.text).toContain(mail?.actionUrl);
    expect(mail?.html).toContain('Confirmar e-mail');
    const link = new URL(t.mailer.lastLink(validSignup.email));
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/auth/mgmt`);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const code = t.mailer.lastCode(validSignup.email);
    expect(Buffer.from(code, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [row] = await t.app.ctx.database.db.select().from(authCodes);
    expect(row?.codeHash).toBe(sha256(code));
  });

  it('confirms the e-mail once; the same code a second time is refused', async () => {
    const cookie = await signedUp();
    await send(cookie);
    const code = t.mailer.lastCode(validSignup.email);
    const first = await confirm(code);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.message).toBe(AUTH_MESSAGES.emailVerified);
    expect((await me(cookie)).json().data.emailVerified).toBe(true);
    const again = await confirm(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: AUTH_MESSAGES.codeInvalid, code: 'INVALID_CODE' });
  });

  it('refuses an expired code (older than 24 h) and an unknown one', async () => {
    const cookie = await signedUp();
    await send(cookie);
    const code = t.mailer.lastCode(validSignup.email);
    await t.app.ctx.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.codeHash, sha256(code)));
    expect((await confirm(code)).statusCode).toBe(400);
    expect((await confirm('inventado')).statusCode).toBe(400);
    expect((await me(cookie)).json().data.emailVerified).toBe(false);
  });

  it('sets the code to expire in 24 hours', async () => {
    await send(await signedUp());
    const [row] = await t.app.ctx.database.db.select().from(authCodes);
    const hours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('asks to wait before a second mail within 25 seconds', async () => {
    const cookie = await signedUp();
    expect((await send(cookie)).statusCode).toBe(200);
    const again = await send(cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toBe(AUTH_MESSAGES.verificationTooSoon);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('says in Retry-After how many of the 25 seconds are left', async () => {
    const cookie = await signedUp();
    expect((await send(cookie)).statusCode).toBe(200);
    const [row] = await t.app.ctx.database.db.select().from(authCodes);
    // The mail went out 20 s ago: 5 s are left.
    await t.app.ctx.database.db
      .update(authCodes)
      .set({ createdAt: new Date(Date.now() - 20_000) })
      .where(eq(authCodes.codeHash, row?.codeHash ?? ''));
    const again = await send(cookie);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(4);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(5);
  });

  it('sends one mail when five requests arrive at once', async () => {
    const cookie = await signedUp();
    const replies = await Promise.all(Array.from({ length: 5 }, () => send(cookie)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(t.mailer.sent).toHaveLength(1);
  });

  it('answers the same without a session for an unknown e-mail, and mails nobody', async () => {
    const res = await send(undefined, 'ninguem@exemplo.com.br');
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent).toHaveLength(0);
  });
});

describe('password reset', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (oobCode: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { oobCode, newPassword } });

  it('answers byte for byte the same for a known and an unknown e-mail', async () => {
    const user = await createUser(t.app, { email: 'carla@exemplo.com.br' });
    const known = await forgot(user.email);
    const unknown = await forgot('ninguem@exemplo.com.br');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.rawPayload.equals(known.rawPayload)).toBe(true);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
    expect(unknown.cookies).toEqual(known.cookies);
    await t.app.ctx.jobs.drain();
    expect(t.mailer.sent.map((m) => m.to)).toEqual([user.email]);
    const link = new URL(t.mailer.lastLink(user.email));
    expect(link.pathname).toBe('/auth/mgmt');
    expect(link.searchParams.get('mode')).toBe('resetPassword');
  });

  it('sets the new password, ends every session of the user, and works once', async () => {
    const user = await createUser(t.app, { email: 'carla@exemplo.com.br' });
    const phone = await signedInAs(t.app, user);
    const laptop = await signedInAs(t.app, user);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(laptop)).statusCode).toBe(200);
    await forgot(user.email);
    await t.app.ctx.jobs.drain();
    const code = t.mailer.lastCode(user.email);

    const res = await reset(code, 'nova-senha-forte');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe(AUTH_MESSAGES.passwordChanged);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'nova-senha-forte')).statusCode).toBe(200);

    const reused = await reset(code, 'outra-senha-forte');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(AUTH_MESSAGES.resetInvalid);
  });

  it('ends every other reset link of the account once one has set a new password', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    await t.app.ctx.jobs.drain();
    const first = t.mailer.lastCode(user.email);
    await forgot(user.email);
    await t.app.ctx.jobs.drain();
    const second = t.mailer.lastCode(user.email);
    expect(second).not.toBe(first);

    expect((await reset(second, 'nova-senha-forte')).statusCode).toBe(200);
    const older = await reset(first, 'senha-de-quem-achou-o-email');
    expect(older.statusCode).toBe(400);
    expect(older.json().error).toBe(AUTH_MESSAGES.resetInvalid);
    expect((await login(user.email, 'nova-senha-forte')).statusCode).toBe(200);
  });

  it('refuses a code older than one hour', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    await t.app.ctx.jobs.drain();
    const code = t.mailer.lastCode(user.email);
    const [row] = await t.app.ctx.database.db
      .select()
      .from(authCodes)
      .where(eq(authCodes.codeHash, sha256(code)));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    await t.app.ctx.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authCodes.codeHash, sha256(code)));
    expect((await reset(code, 'nova-senha-forte')).statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a short or common new password and keeps the code usable', async () => {
    const user = await createUser(t.app);
    await forgot(user.email);
    await t.app.ctx.jobs.drain();
    const code = t.mailer.lastCode(user.email);
    const short = await reset(code, '12345');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(AUTH_MESSAGES.newPasswordShort);
    const common = await reset(code, 'password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toBe(AUTH_MESSAGES.passwordCommon);
    expect((await reset(code, 'nova-senha-forte')).statusCode).toBe(200);
  });

  it('a verification code cannot reset a password', async () => {
    const res = await signup(validSignup);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: validSignup.email },
      headers: { cookie: sessionCookieFrom(res) },
    });
    await t.app.ctx.jobs.drain();
    const code = t.mailer.lastCode(validSignup.email);
    expect((await reset(code, 'nova-senha-forte')).statusCode).toBe(400);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin', async () => {
    const user = await createUser(t.app);
    const cookie = await signedInAs(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, origin: 'https://site-malicioso.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Requisição de outra origem recusada.', code: 'CROSS_ORIGIN' });
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('refuses a cross-site form post that carries no Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { email: 'a@exemplo.com', password: 'qualquer' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the same request from the app’s own origin', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: t.config.publicUrl },
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('Google sign-in', () => {
  it('reports no providers when Google is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ data: { google: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google' })).statusCode).toBe(404);
  });
});
