import { pageOf, videoListItemSchema } from '@estudai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { groupVideos, studyGroups } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';
import { seedDemoVideos } from './videos.demo.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('demo videos', () => {
  it('does nothing without demo groups', async () => {
    await createGroup(t.app, await createUser(t.app, { userType: 'professor' }));
    await seedDemoVideos(t.app.ctx.database.db, new Date());
    expect(await t.app.ctx.database.db.select().from(groupVideos)).toHaveLength(0);
  });

  it('fills several demo groups with videos of every category, once', async () => {
    const carla = await createUser(t.app, { username: 'prof.carla', userType: 'professor' });
    const diego = await createUser(t.app, { username: 'mentor.diego', userType: 'mentor' });
    const math = await createGroup(t.app, carla, { name: 'Matemática ENEM', category: 'matematica' });
    await createGroup(t.app, carla, { name: 'Física', category: 'fisica' });
    await createGroup(t.app, diego, { name: 'Biologia', category: 'biologia', isPaid: true, price: 2_990 });
    const db = t.app.ctx.database.db;
    await seedDemoVideos(db, new Date(), 'http://127.0.0.1:3000');
    await seedDemoVideos(db, new Date(), 'http://127.0.0.1:3000');

    const rows = await db.select().from(groupVideos);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(rows.length).toBeLessThanOrEqual(10);
    expect(new Set(rows.map((video) => video.studyGroupId)).size).toBe(3);
    expect(new Set(rows.map((video) => video.category))).toEqual(
      new Set(['aula', 'exercicios', 'dicas', 'revisao']),
    );
    expect(rows.find((video) => !video.isVisible)?.studyGroupId).toBe(math.id);
    expect(rows.every((video) => video.thumbnail?.startsWith('http://127.0.0.1:3000/demo/videos/'))).toBe(
      true,
    );

    const viewer = await createUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/videos?search=revisao&limit=50',
      headers: { cookie: await signedInAs(t.app, viewer) },
    });
    const page = pageOf(videoListItemSchema).parse(res.json());
    expect(page.data.map((video) => video.title)).toEqual([
      'Revisão de genética: leis de Mendel',
      'Revisão de geometria plana para o ENEM',
    ]);
  });

  it('comes with the demo data, spread over the demo groups', async () => {
    const db = t.app.ctx.database.db;
    expect(await seedDemoData(db)).toBe(true);
    const rows = await db.select().from(groupVideos);
    const groups = await db.select().from(studyGroups);
    const used = groups.filter((group) => rows.some((video) => video.studyGroupId === group.id));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(used.length).toBeGreaterThanOrEqual(4);
    expect(used.some((group) => group.isPaid)).toBe(true);
    expect(used.some((group) => !group.isPaid)).toBe(true);
    expect(new Set(rows.map((video) => video.category)).size).toBe(4);
  });
});
