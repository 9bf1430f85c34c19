import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../lib/demo-account.ts';
import { seedDemoData } from '../../seed.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('demo guardians', () => {
  it('seeds Lucas (15), supervised by his guardian (a guardian account), with two weeks to show and a chat with his teacher', async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db)).toBe(true);
    const byEmail = async (email: string) =>
      (await db.select().from(users).where(eq(users.email, email)))[0]!;
    const everyone = await db.select().from(users);
    expect(everyone.filter((user) => !user.birthDate)).toEqual([]);
    const lucas = await byEmail('lucas@estudai.dev');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'lucas@estudai.dev', password: DEMO_PASSWORD },
    });
    expect(login.json().data).toMatchObject({
      isMinor: true,
      protectedMode: false,
      supervision: { status: 'active', guardianName: 'Márcia Oliveira' },
      privacy: { profileVisibility: 'followers' },
    });
    const guardian = await byEmail('responsavel@estudai.dev');
    // Issue 36: the demo's guardian has a guardian's account, not a student's.
    expect(guardian).toMatchObject({ userType: 'responsavel', studyGoal: null, studySubjects: [] });
    const guardianLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'responsavel@estudai.dev', password: DEMO_PASSWORD },
    });
    expect(guardianLogin.json()).toMatchObject({ data: { userType: 'responsavel', studyPlan: null } });
    const [dashboard] = (await (await as(t.app, guardian)).get('/api/guardian/teens')).json().data;
    expect(dashboard.teen).toMatchObject({ id: lucas.id, age: 15 });
    const total = (key: 'appMinutes' | 'studyMinutes') =>
      dashboard.activity.reduce((sum: number, day: Record<string, number>) => sum + (day[key] ?? 0), 0);
    expect(total('appMinutes')).toBeGreaterThan(300);
    expect(total('studyMinutes')).toBeGreaterThan(200);
    expect(dashboard.adultContacts.map((c: { displayName: string }) => c.displayName)).toEqual([
      'Carla Mendes',
    ]);
    expect(dashboard.pendingApprovals).toEqual([
      expect.objectContaining({ group: expect.objectContaining({ name: 'Física: Mecânica do Zero' }) }),
    ]);
    // The adult-and-minor rule lets Carla and Lucas talk: she owns a group he is in, both follow.
    const carla = await byEmail('carla@estudai.dev');
    const reopened = await (await as(t.app, carla)).post('/api/chat/conversations', {
      otherUserId: lucas.id,
    });
    expect(reopened.statusCode).toBe(200);
  });
});
