import { SEARCH_MESSAGES, SEARCH_QUERY_MAX } from '@estudai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { as, createUser } from '../../../test/factories.ts';
import { follows } from '../../db/schema/index.ts';

// The '@' suggestions of the post box ask the server for the people the author follows whose name
// or @username matches what was typed, so someone following hundreds finds anyone, not only the
// first page (issue 21).

let t: TestApp;
let ana: Awaited<ReturnType<typeof as>>;
let anaId: string;
beforeAll(async () => {
  t = await buildTestApp();
  const me = await createUser(t.app, { displayName: 'Ana Souza', username: 'ana.souza' });
  anaId = me.id;
  ana = await as(t.app, me);
  const joao = await createUser(t.app, { displayName: 'João Conceição', username: 'joao.c' });
  const carla = await createUser(t.app, { displayName: 'Carla Mendes', username: 'prof.carla' });
  const others = await Promise.all(
    Array.from({ length: 25 }, (_, i) =>
      createUser(t.app, { displayName: `Colega ${i}`, username: `colega_${i}` }),
    ),
  );
  await createUser(t.app, { displayName: 'João Estranho', username: 'joao.e' });
  // João and Carla were followed first: the newest-first list's first page does not hold them.
  const followed = [joao, carla, ...others];
  await t.app.ctx.database.db.insert(follows).values(
    followed.map((user, i) => ({
      followerId: me.id,
      followingId: user.id,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    })),
  );
});
afterAll(async () => {
  await t.app.close();
});

const following = async (q: string) => {
  const res = await ana.get(`/api/users/${anaId}/following?limit=20&q=${encodeURIComponent(q)}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.map((user: { username: string }) => user.username);
};

describe('GET /api/users/{id}/following?q=', () => {
  it('finds a followed person beyond the first page, by name without accents or by @username', async () => {
    const firstPage = await following('');
    expect(firstPage).toHaveLength(20);
    expect(firstPage).not.toContain('joao.c');
    expect(await following('joao')).toEqual(['joao.c']);
    expect(await following('conceicao joao')).toEqual(['joao.c']);
    expect(await following('@prof.ca')).toEqual(['prof.carla']);
  });

  it('never offers someone the person does not follow', async () => {
    expect(await following('estranho')).toEqual([]);
  });

  it("treats LIKE's wildcards as text", async () => {
    expect(await following('%')).toEqual([]);
    expect(await following('colega_1')).toEqual(expect.arrayContaining(['colega_1', 'colega_10']));
    expect(await following('colega_1')).not.toContain('colega_2');
  });

  it(`refuses a query over ${SEARCH_QUERY_MAX} characters with a pt-BR 400`, async () => {
    const res = await ana.get(`/api/users/${anaId}/following?q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SEARCH_MESSAGES.queryTooLong, code: 'VALIDATION_ERROR' });
  });
});
