import { bankQuerySchema } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { plansOf } from '../../../test/plans.ts';
import type { Tx } from '../../db/client.ts';
import { countDue, countEntriesBySubject, listEntryRows } from './notebook.queries.ts';
import { countBankRows, listBankRows } from './questions.queries.ts';
import { firstDueRow, listDueRows, nextDueAfter } from './reviews.queries.ts';
import { answersBySubject } from './stats.queries.ts';

// Issue 41: the study routes' reads were planned again on every call (2–4 ms of planning for under
// 1 ms of running). Named after their text, each connection plans them once; the database then keeps
// one generic plan for each, which it only does when that plan costs no more than its custom ones.

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

describe('the caderno, review and stats reads, planned once per connection (issue 41)', () => {
  let anaId: string;
  beforeEach(async () => {
    const carla = await createUser(t.app, { userType: 'professor' });
    const ana = await createUser(t.app);
    anaId = ana.id;
    const cookie = await signedInAs(t.app, ana);
    for (let i = 0; i < 3; i++) {
      const post = await createPost(t.app, carla, { type: 'question' });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/answer`,
        payload: { optionIndex: 3 },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(201);
    }
  });

  const cases: [string, (tx: Tx, now: Date) => Promise<unknown>, string][] = [
    [
      'the entries page',
      (tx) => listEntryRows(tx, anaId, { limit: 20 }, undefined),
      '%order by "notebook_entries"."created_at" desc%',
    ],
    ['the due count', (tx, now) => countDue(tx, anaId, now), '%select count(*)%"notebook_entries"."due" <=%'],
    [
      'the count by subject',
      (tx) => countEntriesBySubject(tx, anaId),
      '%group by "question_items"."subject"%',
    ],
    [
      'the due cards',
      (tx, now) => listDueRows(tx, anaId, now, 20),
      '%order by "notebook_entries"."due" asc%',
    ],
    ['the next due', (tx, now) => nextDueAfter(tx, anaId, now), '%min("notebook_entries"."due")%'],
    [
      "practice's first due card of a subject",
      (tx, now) => firstDueRow(tx, anaId, now, 'matematica'),
      '%"question_items"."subject" = $%order by "notebook_entries"."due" asc%',
    ],
    ["the answers by subject (the profile's stats)", (tx) => answersBySubject(tx, anaId), '%as answered%'],
  ];
  it.each(cases)('%s', async (_name, read, pattern) => {
    const now = new Date();
    const plans = await plansOf(t.app.ctx.database, (tx) => read(tx, now), pattern);
    expect(plans).toHaveLength(1);
    expect(plans[0]?.generic_plans).toBeGreaterThanOrEqual(2);
  });
});

describe("the bank's page and count, planned once per connection (issue 41)", () => {
  const query = bankQuerySchema.parse({ subject: 'matematica' });
  const cases: [string, (tx: Tx, viewerId: string) => Promise<unknown>, string][] = [
    [
      'the first page',
      (tx, viewerId) => listBankRows(tx, viewerId, query, '', undefined),
      '%order by "question_items"."created_at" desc%',
    ],
    [
      'the count',
      (tx, viewerId) => countBankRows(tx, viewerId, query, ''),
      '%select count(*) from "question_items"%',
    ],
  ];
  it.each(cases)('%s', async (_name, read, pattern) => {
    const carla = await createUser(t.app, { userType: 'professor' });
    const ana = await createUser(t.app);
    for (let i = 0; i < 3; i++) await createPost(t.app, carla, { type: 'question' });
    const plans = await plansOf(t.app.ctx.database, (tx) => read(tx, ana.id), pattern);
    expect(plans).toHaveLength(1);
    expect(plans[0]?.generic_plans).toBeGreaterThanOrEqual(2);
  });
});
