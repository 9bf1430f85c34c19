import { GROUP_MESSAGES, SEARCH_MESSAGES } from '@estudai/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { follows, groupTeachers, notifications } from '../../db/schema/index.ts';

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

type User = Awaited<ReturnType<typeof createUser>>;
const invite = async (by: User, groupId: string, userId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/study-groups/${groupId}/invites`,
    payload: { userId },
    headers: { cookie: await signedInAs(t.app, by) },
  });
const invitesOf = (user: User) =>
  t.app.ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'group_invite')));

describe('POST /api/study-groups/{id}/invites', () => {
  it("notifies the invited person once, opening the group's page", async () => {
    const carla = await createUser(t.app, { displayName: 'Carla Mendes', userType: 'professor' });
    const ana = await createUser(t.app);
    const group = await createGroup(t.app, carla, { name: 'Física para o ENEM' });
    const first = await invite(carla, group.id, ana.id);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.message).toBe(GROUP_MESSAGES.invited);
    expect((await invite(carla, group.id, ana.id)).statusCode).toBe(201);
    const rows = await invitesOf(ana);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: carla.id,
      message: 'Carla Mendes convidou você para o grupo Física para o ENEM.',
      actionUrl: `/study-groups/${group.id}`,
    });
  });

  it('is for the owner only (403), refuses members (409) and unknown people or groups (404)', async () => {
    const carla = await createUser(t.app, { userType: 'professor' });
    const member = await createUser(t.app);
    const ana = await createUser(t.app);
    const group = await createGroup(t.app, carla);
    await addMember(t.app, group, member);
    expect((await invite(member, group.id, ana.id)).statusCode).toBe(403);
    expect((await invite(carla, group.id, member.id)).statusCode).toBe(409);
    expect((await invite(carla, group.id, carla.id)).statusCode).toBe(409);
    expect((await invite(carla, group.id, 'nao-e-um-id')).statusCode).toBe(404);
    expect((await invite(carla, '00000000-0000-4000-8000-000000000000', ana.id)).statusCode).toBe(404);
    expect(await invitesOf(ana)).toHaveLength(0);
    expect(await invitesOf(member)).toHaveLength(0);
  });
});

describe("'Convidar' lists the owner's followers not yet in the group (issue 36)", () => {
  it('leaves out current members and co-teachers, keeps a former member, and is for managers only', async () => {
    const carla = await createUser(t.app, { displayName: 'Carla Mendes', userType: 'professor' });
    const group = await createGroup(t.app, carla);
    const [member, coTeacher, former, outsider] = await Promise.all([
      createUser(t.app, { displayName: 'Membro Atual' }),
      createUser(t.app, { displayName: 'Professora Parceira', userType: 'professor' }),
      createUser(t.app, { displayName: 'Ex Membro' }),
      createUser(t.app, { displayName: 'Ainda Fora' }),
    ]);
    const db = t.app.ctx.database.db;
    await db.insert(follows).values(
      [member, coTeacher, former, outsider].map((person) => ({
        followerId: person.id,
        followingId: carla.id,
      })),
    );
    await addMember(t.app, group, member);
    await addMember(t.app, group, former, { status: 'left' });
    await db.insert(groupTeachers).values({ studyGroupId: group.id, userId: coTeacher.id });

    const asCarla = await as(t.app, carla);
    const names = async (path: string) =>
      ((await asCarla.get(path)).json().data as { displayName: string }[]).map((p) => p.displayName).sort();
    expect(await names(`/api/users/${carla.id}/followers?notInGroup=${group.id}`)).toEqual([
      'Ainda Fora',
      'Ex Membro',
    ]);
    // The plain list is as it was.
    expect(await names(`/api/users/${carla.id}/followers`)).toHaveLength(4);

    // Who is in a group is for those who manage it.
    const asOutsider = await as(t.app, outsider);
    const refused = await asOutsider.get(`/api/users/${carla.id}/followers?notInGroup=${group.id}`);
    expect(refused.statusCode).toBe(403);
    const bad = await asCarla.get(`/api/users/${carla.id}/followers?notInGroup=nao-e-um-id`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(SEARCH_MESSAGES.groupInvalid);
  });
});
