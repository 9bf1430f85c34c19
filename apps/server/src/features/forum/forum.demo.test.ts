import { forumTopicSchema, materialSchema, pageOf } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import {
  forumComments,
  forumTopicLikes,
  forumTopics,
  groupMaterials,
  studyGroups,
} from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed.ts';
import { seedDemoMaterials } from '../materials/materials.demo.ts';
import { seedDemoForum } from './forum.demo.ts';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

/** The demo groups the groups seed creates, as far as this content needs them. */
async function demoGroups() {
  const carla = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  const ana = await createUser(t.app, { displayName: 'Ana Souza', username: 'ana.souza' });
  const bruno = await createUser(t.app, { displayName: 'Bruno Lima', username: 'bruno.lima' });
  const math = await createGroup(t.app, carla, { name: 'Matemática para o ENEM' });
  const physics = await createGroup(t.app, carla, { name: 'Física: Mecânica do Zero' });
  await addMember(t.app, math, ana);
  await addMember(t.app, math, bruno);
  await addMember(t.app, physics, bruno);
  return { math, physics, cookie: await signedInAs(t.app, ana), brunoCookie: await signedInAs(t.app, bruno) };
}

describe('demo forum and materials', () => {
  it('seeds topics with replies and likes whose counters match the rows', async () => {
    const { math, physics, cookie, brunoCookie } = await demoGroups();
    expect(await seedDemoForum(t.app.ctx.database.db, new Date())).toBe(3);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${math.id}/forum`,
      headers: { cookie },
    });
    const { data } = pageOf(forumTopicSchema).parse(res.json());
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({ isPinned: true, authorName: 'Carla Mendes', isLiked: true });
    for (const topic of data) {
      expect(topic.repliesCount).toBe(topic.comments.length);
      expect(topic.repliesCount).toBeGreaterThan(0);
    }
    const likes = await t.app.ctx.database.db.select().from(forumTopicLikes);
    const comments = await t.app.ctx.database.db.select().from(forumComments);
    expect(data.reduce((sum, topic) => sum + topic.likesCount, 0)).toBe(likes.length);
    expect(comments).toHaveLength(4);

    const physicsForum = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${physics.id}/forum`,
      headers: { cookie: brunoCookie },
    });
    expect(physicsForum.json().data).toHaveLength(1);
  });

  it('seeds small PDFs that members can download', async () => {
    const { math, cookie } = await demoGroups();
    expect(await seedDemoMaterials(t.app.ctx.database.db, t.app.ctx.storage)).toBe(2);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/study-groups/${math.id}/materials`,
      headers: { cookie },
    });
    const [material] = pageOf(materialSchema).parse(res.json()).data;
    if (!material) throw new Error('no demo material');
    const file = await t.app.inject({ method: 'GET', url: material.fileUrl, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(material.fileSize);
    expect(file.rawPayload.toString('latin1')).toMatch(/startxref\n\d+\n%%EOF\n$/);
  });

  it('skips groups that are not there', async () => {
    expect(await seedDemoForum(t.app.ctx.database.db, new Date())).toBe(0);
    expect(await seedDemoMaterials(t.app.ctx.database.db, t.app.ctx.storage)).toBe(0);
  });

  it('comes with the whole demo: topics and PDFs land in the demo groups', async () => {
    const { db } = t.app.ctx.database;
    expect(await seedDemoData(db, t.config.publicUrl, t.app.ctx.storage)).toBe(true);
    const topics = await db
      .select({ group: studyGroups.name })
      .from(forumTopics)
      .innerJoin(studyGroups, eq(studyGroups.id, forumTopics.studyGroupId));
    expect(topics.map((row) => row.group).sort()).toEqual([
      'Física: Mecânica do Zero',
      'Matemática para o ENEM',
      'Matemática para o ENEM',
    ]);
    expect(await db.select().from(groupMaterials)).toHaveLength(2);
  });
});
