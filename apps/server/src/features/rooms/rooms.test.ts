import { ROOM_MESSAGES, roomDetailSchema, roomSchema } from '@estudai/contract';
import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createMinor, createUser } from '../../../test/factories.ts';
import { follows, roomPresence, roomReactions, studyRooms } from '../../db/schema/index.ts';

// Study rooms (issue 39): the lists, a private room's shared pomodoro on the server's clock, joining
// and leaving, invitations, reactions and what a room shows of minors and invisible people.

let t: TestApp;
let now = new Date('2026-03-10T15:00:00.000Z');
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const MIN = 60_000;
oneAppPerDescribe(
  () => buildTestApp({}, { clock }),
  (built) => {
    t = built;
  },
);

const mutual = async (a: { id: string }, b: { id: string }) => {
  await t.app.ctx.database.db.insert(follows).values([
    { followerId: a.id, followingId: b.id },
    { followerId: b.id, followingId: a.id },
  ]);
};
const countRows = async (table: typeof studyRooms | typeof roomPresence | typeof roomReactions) =>
  (await t.app.ctx.database.db.select().from(table)).length;

describe('rooms', () => {
  it('lists the seeded public rooms by goal and subject, page by page', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const ana = await as(t.app, await createUser(t.app));
    const first = await ana.get('/api/rooms?kind=public');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.data.slice(0, 3).map((room: { name: string }) => room.name)).toEqual([
      'ENEM',
      'Vestibulares',
      'Concursos',
    ]);
    expect(page.data).toHaveLength(20);
    expect(page.hasMore).toBe(true);
    const second = (await ana.get(`/api/rooms?kind=public&cursor=${page.nextCursor}`)).json();
    expect(second.data.map((room: { name: string }) => room.name)).toContain('Outros');
    expect(second.hasMore).toBe(false);
    // Asking twice seeds nothing twice.
    expect(await countRows(studyRooms)).toBe(page.data.length + second.data.length);
    const bad = await ana.get('/api/rooms?kind=public&cursor=xyz');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ROOM_MESSAGES.cursorInvalid);
    const badKind = await ana.get('/api/rooms?kind=secreta');
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().error).toBe(ROOM_MESSAGES.kindInvalid);
  });

  it('creates a private room whose shared pomodoro follows the server clock through focus and break', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const ana = await as(t.app, await createUser(t.app));
    const res = await ana.post('/api/rooms', {
      name: 'Turma da madrugada',
      focusMinutes: 50,
      breakMinutes: 10,
    });
    expect(res.statusCode).toBe(201);
    const room = roomSchema.parse(res.json().data);
    expect(room).toMatchObject({
      kind: 'private',
      name: 'Turma da madrugada',
      focusMinutes: 50,
      breakMinutes: 10,
      phase: 'focus',
      phaseEndsAt: '2026-03-10T15:50:00.000Z',
      serverNow: '2026-03-10T15:00:00.000Z',
    });
    advance(50 * MIN);
    let detail = (await ana.get(`/api/rooms/${room.id}`)).json().data;
    expect([detail.phase, detail.phaseEndsAt]).toEqual(['break', '2026-03-10T16:00:00.000Z']);
    advance(10 * MIN + 1_000);
    detail = (await ana.get(`/api/rooms/${room.id}`)).json().data;
    expect([detail.phase, detail.phaseEndsAt, detail.serverNow]).toEqual([
      'focus',
      '2026-03-10T16:50:00.000Z',
      '2026-03-10T16:00:01.000Z',
    ]);
    expect((await ana.get('/api/rooms?kind=private')).json().data.map((r: { id: string }) => r.id)).toEqual([
      room.id,
    ]);
  });

  it('refuses a cycle of 14 or 91 minutes, a break of 4 or 31 and a goal of 81 characters, storing nothing', async () => {
    const ana = await as(t.app, await createUser(t.app));
    for (const [body, message] of [
      [{ name: 'Sala', focusMinutes: 14, breakMinutes: 5 }, ROOM_MESSAGES.focusRange],
      [{ name: 'Sala', focusMinutes: 91, breakMinutes: 5 }, ROOM_MESSAGES.focusRange],
      [{ name: 'Sala', focusMinutes: 25, breakMinutes: 4 }, ROOM_MESSAGES.breakRange],
      [{ name: 'Sala', focusMinutes: 25, breakMinutes: 31 }, ROOM_MESSAGES.breakRange],
      [{ name: '', focusMinutes: 25, breakMinutes: 5 }, ROOM_MESSAGES.nameRequired],
    ] as const) {
      const res = await ana.post('/api/rooms', body);
      expect([res.statusCode, res.json().error]).toEqual([400, message]);
    }
    expect(await countRows(studyRooms)).toBe(0);
    const room = (await ana.post('/api/rooms', { name: 'Sala' })).json().data;
    expect([room.focusMinutes, room.breakMinutes]).toEqual([25, 5]);
    const long = await ana.post(`/api/rooms/${room.id}/join`, { goal: 'x'.repeat(81) });
    expect([long.statusCode, long.json().error]).toEqual([400, ROOM_MESSAGES.goalTooLong]);
    const wrongSubject = await ana.post(`/api/rooms/${room.id}/join`, { subject: 'astrologia' });
    expect([wrongSubject.statusCode, wrongSubject.json().error]).toEqual([400, ROOM_MESSAGES.subjectInvalid]);
    expect(await countRows(roomPresence)).toBe(0);
    const ok = await ana.post(`/api/rooms/${room.id}/join`, { subject: 'fisica', goal: 'x'.repeat(80) });
    expect(ok.statusCode).toBe(200);
  });

  it('shows who is in a room with subject, goal and minutes today; leaving takes them out', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const anaUser = await createUser(t.app, { displayName: 'Ana Clara Souza' });
    const bruno = await as(t.app, await createUser(t.app, { displayName: 'Bruno Lima' }));
    const ana = await as(t.app, anaUser);
    const enem = (await ana.get('/api/rooms?kind=public')).json().data[0];
    await ana.post(`/api/rooms/${enem.id}/join`, { subject: 'matematica', goal: 'Terminar funções' });
    const joined = await bruno.post(`/api/rooms/${enem.id}/join`, {});
    expect(joined.statusCode).toBe(200);
    const detail = roomDetailSchema.parse(joined.json().data);
    expect(detail.present).toEqual([
      {
        userId: anaUser.id,
        firstName: 'Ana',
        avatar: null,
        subject: 'matematica',
        goal: 'Terminar funções',
        minutesToday: 0,
      },
      expect.objectContaining({ firstName: 'Bruno', subject: null, goal: null }),
    ]);
    expect(detail.joined).toBe(true);
    expect((await ana.get('/api/rooms?kind=public')).json().data[0].presentCount).toBe(2);
    // Someone not seen for more than two minutes is no longer shown.
    advance(3 * MIN);
    expect(
      (await bruno.get(`/api/rooms/${enem.id}`))
        .json()
        .data.present.map((p: { firstName: string }) => p.firstName),
    ).toEqual(['Bruno']);
    const left = await bruno.post(`/api/rooms/${enem.id}/leave`);
    expect(left.statusCode).toBe(200);
    const again = await bruno.post(`/api/rooms/${enem.id}/leave`);
    expect([again.statusCode, again.json().error]).toEqual([403, ROOM_MESSAGES.notInRoom]);
    // Joining another room leaves the first.
    const vest = (await ana.get('/api/rooms?kind=public')).json().data[1];
    await ana.post(`/api/rooms/${vest.id}/join`, {});
    expect(await countRows(roomPresence)).toBe(1);
  });

  it("shows a minor in a public room by first name, avatar and subject only, and hides 'estudar invisível'", async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const teen = await createMinor(t.app, 15, { displayName: 'Júlia Martins' });
    const adult = await as(t.app, await createUser(t.app));
    const shy = await as(t.app, await createUser(t.app, { displayName: 'Tímido Silva' }));
    const julia = await as(t.app, teen);
    const enem = (await adult.get('/api/rooms?kind=public')).json().data[0];
    await julia.post(`/api/rooms/${enem.id}/join`, { subject: 'biologia', goal: 'Meu colégio é o X, rua Y' });
    await shy.put('/api/rooms/settings', { invisible: true });
    await shy.post(`/api/rooms/${enem.id}/join`, {});
    const seen = (await adult.get(`/api/rooms/${enem.id}`)).json().data;
    expect(seen.present).toEqual([
      { userId: teen.id, firstName: 'Júlia', avatar: null, subject: 'biologia', goal: null, minutesToday: 0 },
    ]);
    // The minor sees her own goal; the invisible one sees themselves.
    const own = (await julia.get(`/api/rooms/${enem.id}`)).json().data;
    expect(own.present.find((p: { userId: string }) => p.userId === teen.id).goal).toBe(
      'Meu colégio é o X, rua Y',
    );
    expect((await shy.get(`/api/rooms/${enem.id}`)).json().data.present).toHaveLength(2);
    expect((await shy.get('/api/rooms/settings')).json().data).toEqual({
      invisible: true,
      leagueOptIn: false,
    });
  });

  it("hides at once someone who turns 'estudar invisível' on in a room just read, and their cheers", async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const viewer = await as(t.app, await createUser(t.app));
    const shyUser = await createUser(t.app, { displayName: 'Tímido Silva' });
    const shy = await as(t.app, shyUser);
    const enem = (await viewer.get('/api/rooms?kind=public')).json().data[0];
    await shy.post(`/api/rooms/${enem.id}/join`, {});
    await shy.post(`/api/rooms/${enem.id}/reactions`, { reaction: 'bora' });
    await viewer.post(`/api/rooms/${enem.id}/join`, {});
    const before = (await viewer.get(`/api/rooms/${enem.id}`)).json().data;
    expect(before.present.map((p: { userId: string }) => p.userId)).toContain(shyUser.id);
    expect(before.reactions.map((r: { userId: string }) => r.userId)).toEqual([shyUser.id]);
    // Within the same second (the app's clock stands still): the room's rows read before are not used.
    await shy.put('/api/rooms/settings', { invisible: true });
    const after = (await viewer.get(`/api/rooms/${enem.id}`)).json().data;
    expect(after.present.map((p: { userId: string }) => p.userId)).not.toContain(shyUser.id);
    expect(after.presentCount).toBe(1);
    expect(after.reactions).toEqual([]);
    // A cheer of the viewer's own shows at once too.
    await viewer.post(`/api/rooms/${enem.id}/reactions`, { reaction: 'palmas' });
    expect((await viewer.get(`/api/rooms/${enem.id}`)).json().data.reactions).toHaveLength(1);
  });

  it("keeps a group's room for its members (403 for others) and lists it to them", async () => {
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner, { name: 'Química do Zero' });
    const memberUser = await createUser(t.app);
    await addMember(t.app, group, memberUser);
    const member = await as(t.app, memberUser);
    const stranger = await as(t.app, await createUser(t.app));
    const rooms = (await member.get('/api/rooms?kind=group')).json().data;
    expect(rooms.map((room: { name: string; groupId: string }) => [room.name, room.groupId])).toEqual([
      ['Química do Zero', group.id],
    ]);
    expect((await stranger.get('/api/rooms?kind=group')).json().data).toEqual([]);
    const refused = await stranger.post(`/api/rooms/${rooms[0].id}/join`, {});
    expect([refused.statusCode, refused.json().error]).toEqual([403, ROOM_MESSAGES.groupMembersOnly]);
    expect((await stranger.get(`/api/rooms/${rooms[0].id}`)).statusCode).toBe(403);
    expect((await member.post(`/api/rooms/${rooms[0].id}/join`, {})).statusCode).toBe(200);
    expect(await countRows(roomPresence)).toBe(1);
  });

  it('lets into a private room only its owner and invited mutual followers, for a week', async () => {
    now = new Date('2026-03-10T15:00:00.000Z');
    const ownerUser = await createUser(t.app);
    const friendUser = await createUser(t.app);
    const strangerUser = await createUser(t.app);
    const owner = await as(t.app, ownerUser);
    const friend = await as(t.app, friendUser);
    const stranger = await as(t.app, strangerUser);
    await mutual(ownerUser, friendUser);
    await t.app.ctx.database.db
      .insert(follows)
      .values({ followerId: ownerUser.id, followingId: strangerUser.id });
    const room = (await owner.post('/api/rooms', { name: 'Revisão final' })).json().data;
    const notInvited = await friend.post(`/api/rooms/${room.id}/join`, {});
    expect([notInvited.statusCode, notInvited.json().error]).toEqual([403, ROOM_MESSAGES.privateInviteOnly]);
    expect((await friend.get(`/api/rooms/${room.id}`)).statusCode).toBe(404);
    const notMutual = await owner.post(`/api/rooms/${room.id}/invites`, { userId: strangerUser.id });
    expect([notMutual.statusCode, notMutual.json().error]).toEqual([403, ROOM_MESSAGES.inviteMutualOnly]);
    const byGuest = await friend.post(`/api/rooms/${room.id}/invites`, { userId: strangerUser.id });
    expect(byGuest.statusCode).toBe(404);
    const invite = await owner.post(`/api/rooms/${room.id}/invites`, { userId: friendUser.id });
    expect(invite.statusCode).toBe(201);
    expect(invite.json().data.expiresAt).toBe('2026-03-17T15:00:00.000Z');
    expect(
      (await friend.get('/api/rooms?kind=private')).json().data.map((r: { id: string }) => r.id),
    ).toEqual([room.id]);
    expect((await friend.post(`/api/rooms/${room.id}/join`, {})).statusCode).toBe(200);
    expect((await stranger.post(`/api/rooms/${room.id}/join`, {})).statusCode).toBe(403);
    // The invitation lapses after a week for someone who is not in the room.
    await friend.post(`/api/rooms/${room.id}/leave`);
    advance(7 * 24 * 60 * MIN + 1);
    expect((await friend.post(`/api/rooms/${room.id}/join`, {})).statusCode).toBe(403);
  });

  it("refuses an adult's invitation of a minor unless they teach one of the minor's groups", async () => {
    const adultUser = await createUser(t.app);
    const teacherUser = await createUser(t.app, { userType: 'professor' });
    const teen = await createMinor(t.app, 15);
    const group = await createGroup(t.app, teacherUser);
    await addMember(t.app, group, teen);
    await mutual(adultUser, teen);
    const adult = await as(t.app, adultUser);
    const teacher = await as(t.app, teacherUser);
    const adultRoom = (await adult.post('/api/rooms', { name: 'Sala do adulto' })).json().data;
    const refused = await adult.post(`/api/rooms/${adultRoom.id}/invites`, { userId: teen.id });
    expect([refused.statusCode, refused.json().error]).toEqual([403, ROOM_MESSAGES.inviteMinorForbidden]);
    const teacherRoom = (await teacher.post('/api/rooms', { name: 'Plantão de dúvidas' })).json().data;
    expect((await teacher.post(`/api/rooms/${teacherRoom.id}/invites`, { userId: teen.id })).statusCode).toBe(
      201,
    );
    const otherTeen = await createMinor(t.app, 16);
    await mutual(teen, otherTeen);
    const teenRoom = (await (await as(t.app, teen)).post('/api/rooms', { name: 'Nós dois' })).json().data;
    expect(
      (await (await as(t.app, teen)).post(`/api/rooms/${teenRoom.id}/invites`, { userId: otherTeen.id }))
        .statusCode,
    ).toBe(201);
  });

  it('takes preset reactions from people in the room, 10 in 10 seconds at most', async () => {
    const ana = await as(t.app, await createUser(t.app, { displayName: 'Ana Souza' }));
    const room = (await ana.post('/api/rooms', { name: 'Foco' })).json().data;
    const outside = await ana.post(`/api/rooms/${room.id}/reactions`, { reaction: 'bora' });
    expect([outside.statusCode, outside.json().error]).toEqual([403, ROOM_MESSAGES.notInRoom]);
    await ana.post(`/api/rooms/${room.id}/join`, {});
    const wrong = await ana.post(`/api/rooms/${room.id}/reactions`, { reaction: 'vai que é tua' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, ROOM_MESSAGES.reactionInvalid]);
    expect(await countRows(roomReactions)).toBe(0);
    const sent = await ana.post(`/api/rooms/${room.id}/reactions`, { reaction: 'palmas' });
    expect(sent.statusCode).toBe(201);
    for (let i = 0; i < 6; i++) await ana.post(`/api/rooms/${room.id}/reactions`, { reaction: 'bora' });
    const detail = (await ana.get(`/api/rooms/${room.id}`)).json().data;
    expect(detail.reactions[6]).toMatchObject({ firstName: 'Ana', reaction: 'palmas' });
    // Nine calls so far (refused ones count too): the tenth passes, the eleventh is refused.
    const before = await countRows(roomReactions);
    let last = 0;
    for (let i = 0; i < 5; i++)
      last = (await ana.post(`/api/rooms/${room.id}/reactions`, { reaction: 'forca' })).statusCode;
    expect(last).toBe(429);
    const limited = await ana.post(`/api/rooms/${room.id}/reactions`, { reaction: 'forca' });
    expect([limited.statusCode, limited.json().error]).toEqual([429, ROOM_MESSAGES.tooManyReactions]);
    expect(await countRows(roomReactions)).toBe(before + 1);
  });

  it('answers 404 for an unknown room', async () => {
    const ana = await as(t.app, await createUser(t.app));
    const res = await ana.get('/api/rooms/8f7e6d5c-4b3a-4291-8a7b-6c5d4e3f2a1b');
    expect([res.statusCode, res.json().error]).toEqual([404, ROOM_MESSAGES.notFound]);
    expect((await ana.get('/api/rooms/nada')).statusCode).toBe(404);
  });
});
