import {
  AUTH_MESSAGES,
  ROBOT_CHECK_FAILED_CODE,
  type RobotCheckChallenge,
  WAITLIST_MESSAGES,
} from '@estudai/contract';
import { type Challenge, createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createUser, signedInAs } from '../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { robotCheckUses, waitlistEntries } from '../../db/schema/index.ts';
import { DEMO_ACCOUNT_EMAIL, DEMO_PASSWORD } from '../../lib/demo-account.ts';

const easyRobotCheck: Partial<Config> = { robotCheck: { counterMin: 50, counterMax: 2_000 } };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(easyRobotCheck);
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t.app.close();
});

async function getChallenge(app = t.app): Promise<RobotCheckChallenge> {
  const res = await app.inject({ method: 'GET', url: '/api/altcha/challenge' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Solves a challenge the way the page's worker does, and encodes it as the form sends it. */
async function solve(challenge: RobotCheckChallenge, tamper?: (payload: Record<string, unknown>) => void) {
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  const payload = { challenge, solution };
  tamper?.(payload);
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const solvedCheck = async () => solve(await getChallenge());

const valid = {
  name: 'Maria Eduarda',
  email: 'maria.eduarda@exemplo.com.br',
  phone: '(11) 98765-4321',
  objective: 'vestibulares',
};

const subscribe = (body: Record<string, unknown>, app = t.app) =>
  app.inject({ method: 'POST', url: '/api/recaptcha/validate', payload: body });

const rows = () => t.app.ctx.database.db.select().from(waitlistEntries);

function expectRobotCheckRefused(res: Awaited<ReturnType<typeof subscribe>>, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ error: message, code: ROBOT_CHECK_FAILED_CODE });
}

describe('GET /api/launch', () => {
  it('answers the configured launch date (spec §9 by default)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/launch' });
    expect(res.json()).toEqual({ data: { launchAt: '2025-11-01T03:00:00.000Z', demo: null } });
  });

  it("offers the demo account for 'Testar Demo' only when it is there with the README's password", async () => {
    const launch = async () => (await t.app.inject({ method: 'GET', url: '/api/launch' })).json().data;
    expect((await launch()).demo).toBeNull();
    await createUser(t.app, { email: DEMO_ACCOUNT_EMAIL });
    expect((await launch()).demo).toEqual({ email: DEMO_ACCOUNT_EMAIL, password: DEMO_PASSWORD });
    // A private DEMO_PASSWORD (a public address) is never handed out.
    const config = t.app.ctx.config as { demoPassword?: string };
    config.demoPassword = 'uma-senha-so-nossa';
    try {
      expect((await launch()).demo).toBeNull();
    } finally {
      config.demoPassword = undefined;
    }
  });
});

describe('GET /api/altcha/challenge', () => {
  it('issues a signed, uncached challenge that expires in 5 minutes', async () => {
    // Five minutes after the moment it was issued, whenever the busy machine gets to check it.
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/altcha/challenge' });
    const after = Math.ceil(Date.now() / 1000);
    expect(res.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = res.json().data;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.algorithm).toBe('SHA-256');
    expect(parameters.expiresAt).toBeGreaterThanOrEqual(before + 300);
    expect(parameters.expiresAt).toBeLessThanOrEqual(after + 300);
  });
});

describe('POST /api/recaptcha/validate', () => {
  it('stores the entry after a solved robot check: e-mail normalised, phone as typed', async () => {
    const res = await subscribe({
      ...valid,
      email: '  Maria.Eduarda@Exemplo.COM.br ',
      recaptchaResponse: await solvedCheck(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { message: WAITLIST_MESSAGES.success } });
    expect(await rows()).toMatchObject([
      {
        name: 'Maria Eduarda',
        email: 'maria.eduarda@exemplo.com.br',
        phone: '(11) 98765-4321',
        objective: 'vestibulares',
      },
    ]);
  });

  it.each(['name', 'email', 'phone', 'objective'])(
    'refuses a missing %s with the spec message',
    async (field) => {
      const body: Record<string, unknown> = { ...valid, recaptchaResponse: await solvedCheck() };
      delete body[field];
      const res = await subscribe(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(WAITLIST_MESSAGES.required);
      expect(await rows()).toHaveLength(0);
    },
  );

  it.each(['name', 'email', 'phone'])('refuses a blank %s with the spec message', async (field) => {
    const res = await subscribe({ ...valid, [field]: '   ', recaptchaResponse: await solvedCheck() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(WAITLIST_MESSAGES.required);
  });

  it('refuses an objective outside vestibulares, concursos, outros', async () => {
    const res = await subscribe({ ...valid, objective: 'enem', recaptchaResponse: await solvedCheck() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(WAITLIST_MESSAGES.objectiveInvalid);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses an invalid e-mail', async () => {
    const res = await subscribe({ ...valid, email: 'maria@', recaptchaResponse: await solvedCheck() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it('refuses a sign-up without the robot check', async () => {
    for (const recaptchaResponse of [undefined, '']) {
      const res = await subscribe({ ...valid, recaptchaResponse });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(WAITLIST_MESSAGES.robotCheckRequired);
    }
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a robot-check answer that is not a payload', async () => {
    for (const recaptchaResponse of ['não-sou-robô', Buffer.from('{"a":1}').toString('base64')]) {
      expectRobotCheckRefused(
        await subscribe({ ...valid, recaptchaResponse }),
        WAITLIST_MESSAGES.robotCheckInvalid,
      );
    }
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a challenge signed with another key', async () => {
    const forged = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      counter: 10,
      expiresAt: Math.floor(Date.now() / 1000) + 300,
      hmacSignatureSecret: 'uma-chave-que-o-servidor-nao-conhece',
    });
    const res = await subscribe({ ...valid, recaptchaResponse: await solve(forged as RobotCheckChallenge) });
    expectRobotCheckRefused(res, WAITLIST_MESSAGES.robotCheckInvalid);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses a wrong solution to a genuine challenge', async () => {
    const recaptchaResponse = await solve(await getChallenge(), (payload) => {
      const solution = payload.solution as { counter: number };
      solution.counter += 1;
      (payload.solution as { derivedKey: string }).derivedKey = 'ab'.repeat(32);
    });
    expectRobotCheckRefused(
      await subscribe({ ...valid, recaptchaResponse }),
      WAITLIST_MESSAGES.robotCheckInvalid,
    );
  });

  it('refuses a genuine challenge whose parameters were made easier', async () => {
    const challenge = await getChallenge();
    const easier = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '0' } };
    const res = await subscribe({ ...valid, recaptchaResponse: await solve(easier) });
    expectRobotCheckRefused(res, WAITLIST_MESSAGES.robotCheckInvalid);
  });

  it('accepts a solution within 5 minutes and refuses it after', async () => {
    const start = Date.now();
    const late = await solvedCheck();
    const inTime = await solvedCheck();
    vi.useFakeTimers({ toFake: ['Date'], now: start + 4 * 60_000 });
    expect((await subscribe({ ...valid, recaptchaResponse: inTime })).statusCode).toBe(201);
    vi.setSystemTime(start + 5 * 60_000 + 1_500);
    const res = await subscribe({ ...valid, email: 'outra@exemplo.com', recaptchaResponse: late });
    expectRobotCheckRefused(res, WAITLIST_MESSAGES.robotCheckExpired);
    expect(await rows()).toHaveLength(1);
  });

  it('accepts each solution once', async () => {
    const recaptchaResponse = await solvedCheck();
    expect((await subscribe({ ...valid, recaptchaResponse })).statusCode).toBe(201);
    const res = await subscribe({ ...valid, email: 'outra.pessoa@exemplo.com', recaptchaResponse });
    expectRobotCheckRefused(res, WAITLIST_MESSAGES.robotCheckUsed);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a replay through another server process sharing the database', async () => {
    const recaptchaResponse = await solvedCheck();
    // A second app on the same database and data directory, as a second process would be.
    const other = await buildApp(t.config, {
      database: { ...t.app.ctx.database, close: async () => {} },
      mailer: t.mailer,
    });
    try {
      expect((await subscribe({ ...valid, recaptchaResponse }, other)).statusCode).toBe(201);
      const res = await subscribe({ ...valid, email: 'outra.pessoa@exemplo.com', recaptchaResponse });
      expectRobotCheckRefused(res, WAITLIST_MESSAGES.robotCheckUsed);
    } finally {
      await other.close();
    }
  });

  it('forgets spent challenges once they have expired', async () => {
    await t.app.ctx.database.db
      .insert(robotCheckUses)
      .values({ signature: 'antiga', expiresAt: new Date(Date.now() - 1_000) });
    expect((await subscribe({ ...valid, recaptchaResponse: await solvedCheck() })).statusCode).toBe(201);
    const left = await t.app.ctx.database.db.select().from(robotCheckUses);
    expect(left.map((row) => row.signature)).not.toContain('antiga');
    expect(left).toHaveLength(1);
  });

  it('answers success to the same e-mail twice (any case) and keeps one row', async () => {
    expect((await subscribe({ ...valid, recaptchaResponse: await solvedCheck() })).statusCode).toBe(201);
    const again = await subscribe({
      ...valid,
      name: 'Outra Pessoa',
      email: 'MARIA.EDUARDA@exemplo.com.br',
      recaptchaResponse: await solvedCheck(),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ data: { message: WAITLIST_MESSAGES.success } });
    expect(await rows()).toMatchObject([{ name: 'Maria Eduarda' }]);
  });

  it('limits sign-up attempts per IP, with a message in Portuguese', async () => {
    const limited = await buildTestApp({
      ...easyRobotCheck,
      rateLimits: { ...loadConfig({}).rateLimits, waitlistPerIpPer15Min: 2 },
    });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await subscribe(
          {
            ...valid,
            email: `p${i}@exemplo.com`,
            recaptchaResponse: await solve(await getChallenge(limited.app)),
          },
          limited.app,
        );
        expect(res.statusCode).toBe(201);
      }
      const res = await subscribe(
        { ...valid, recaptchaResponse: await solve(await getChallenge(limited.app)) },
        limited.app,
      );
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ error: WAITLIST_MESSAGES.tooManySignups, code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      const other = await subscribe({ ...valid }, limited.app);
      expect(other.statusCode).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});

describe('GET /api/admin/waitlist.csv', () => {
  const csv = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/waitlist.csv', headers: cookie ? { cookie } : {} });

  it('gives admins the list as UTF-8 CSV that Excel opens, safe from formula injection', async () => {
    const { db } = t.app.ctx.database;
    // Explicit times: two inserts can share a timestamp in PGlite, and the list is in signing-up order.
    const now = Date.now();
    await db.insert(waitlistEntries).values({
      name: 'João Araújo',
      email: 'joao@exemplo.com',
      phone: '+55 (21) 99999-0000',
      objective: 'concursos',
      createdAt: new Date(now - 60_000),
    });
    await db.insert(waitlistEntries).values({
      name: '=HYPERLINK("http://x.y")',
      email: 'x@exemplo.com',
      phone: '11 9',
      objective: 'outros',
      createdAt: new Date(now),
    });
    const admin = await createUser(t.app, { userType: 'admin' });
    const res = await csv(await signedInAs(t.app, admin));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lista-de-espera-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Nome;E-mail;Telefone;Objetivo;Cadastro (horário de Brasília)');
    expect(lines[1]).toMatch(
      /^João Araújo;joao@exemplo\.com;'\+55 \(21\) 99999-0000;Concursos;\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(lines[2]).toMatch(/^"'=HYPERLINK\(""http:\/\/x\.y""\)";x@exemplo\.com;11 9;Outros;/);
    expect(lines[3]).toBe('');
  });

  it('answers 404 to a signed-in user who is not an admin, 401 to a visitor', async () => {
    const professor = await createUser(t.app, { userType: 'professor' });
    expect((await csv(await signedInAs(t.app, professor))).statusCode).toBe(404);
    expect((await csv()).statusCode).toBe(401);
  });
});
