// Issue 43: what a guardian sees of the teen's safety layer — numbers and switches, never contents.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createMinor, createUser, linkGuardian } from '../../../test/factories.ts';

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

describe('the guardian’s dashboard shows the teen’s protections', () => {
  it('hidden words and sensitive images on, blocked contacts and reports counted, no words listed', async () => {
    const teen = await createMinor(t.app, 14);
    const mother = await createUser(t.app);
    await linkGuardian(t.app, teen, mother);
    const asTeen = await as(t.app, teen);
    const pest = await createUser(t.app);
    const other = await createUser(t.app);
    expect((await asTeen.post(`/api/users/${pest.id}/block`)).statusCode).toBeLessThan(300);
    expect((await asTeen.post(`/api/users/${other.id}/block`)).statusCode).toBeLessThan(300);
    const report = await asTeen.post(`/api/users/${pest.id}/report`, { reason: 'assedio' });
    expect(report.statusCode).toBe(201);
    await asTeen.put('/api/users/me/hidden-words', { words: ['segredo do teen'] });

    const res = await (await as(t.app, mother)).get('/api/guardian/teens');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].protections).toEqual({
      hiddenWords: true,
      sensitiveImages: true,
      blockedContacts: 2,
      reportsMade: 1,
    });
    expect(JSON.stringify(res.json())).not.toContain('segredo do teen');
  });
});
