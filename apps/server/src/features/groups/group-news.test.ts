import { membershipSchema } from '@estudai/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { domainEventOutbox, notifications } from '../../db/schema/index.ts';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
let owner: User;
let ana: User;
let bruno: User;
let group: Awaited<ReturnType<typeof createGroup>>;
const cookies = new Map<string, string>();
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  owner = await createUser(t.app, { displayName: 'Carla Mendes', userType: 'professor' });
  ana = await createUser(t.app, { displayName: 'Ana Souza' });
  bruno = await createUser(t.app, { displayName: 'Bruno Lima' });
  group = await createGroup(t.app, owner, { name: 'Física para o ENEM' });
  for (const user of [owner, ana, bruno]) cookies.set(user.id, await signedInAs(t.app, user));
  await addMember(t.app, group, ana);
  await addMember(t.app, group, bruno);
});
afterAll(async () => {
  await t.app.close();
});

const call = (user: User, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: cookies.get(user.id) ?? '' } });

/** The group-news notifications of a user, once the background fan-out has run. */
async function newsOf(user: User) {
  await t.app.ctx.jobs.drain();
  return t.app.ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'study_group')));
}

const groupPost = (user: User, content = 'Lista de cinemática no ar!') =>
  call(user, 'POST', '/api/posts', { type: 'text', content, studyGroupId: group.id });

describe("telling members of a group's new content", () => {
  it('tells current members of a new post, not its author, nor expired, left or outside users', async () => {
    const expired = await createUser(t.app);
    const left = await createUser(t.app);
    const outsider = await createUser(t.app);
    await addMember(t.app, group, expired, { expiresAt: new Date(Date.now() - 60_000) });
    await addMember(t.app, group, left, { status: 'left', leftAt: new Date() });
    expect((await groupPost(ana)).statusCode).toBe(201);
    expect(await newsOf(ana)).toEqual([]);
    expect(await newsOf(bruno)).toMatchObject([
      {
        type: 'study_group',
        title: 'Novidades em Física para o ENEM',
        message: 'Ana Souza publicou um novo post.',
        actionUrl: `/study-groups/${group.id}`,
        actorId: ana.id,
        isRead: false,
        groupedCount: 1,
      },
    ]);
    for (const user of [expired, left, outsider]) expect(await newsOf(user)).toEqual([]);
    // The owner's own post reaches both members.
    await groupPost(owner);
    expect((await newsOf(ana))[0]?.message).toBe('Carla Mendes publicou um novo post.');
  });

  it('tells of a forum topic and of a video, each saying what it is', async () => {
    await call(ana, 'POST', `/api/study-groups/${group.id}/forum`, { title: 'Dúvida', content: 'MRUV?' });
    expect(await newsOf(bruno)).toMatchObject([
      { message: 'Ana Souza abriu um novo tópico no fórum.', actionUrl: `/study-groups/${group.id}/forum` },
    ]);
    const video = await call(owner, 'POST', `/api/study-groups/${group.id}/videos`, {
      title: 'Aula 1',
      description: 'Introdução',
      videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      category: 'aula',
      duration: 600,
    });
    expect(video.statusCode).toBe(201);
    expect((await newsOf(ana))[0]?.message).toBe('Carla Mendes adicionou um novo vídeo.');
  });

  it("groups a busy day's news into one notification per member, unread again with each news", async () => {
    await groupPost(ana, 'primeiro');
    const [first] = await newsOf(bruno);
    await t.app.ctx.database.db.update(notifications).set({ isRead: true });
    await groupPost(ana, 'segundo');
    await groupPost(owner, 'terceiro');
    const news = await newsOf(bruno);
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({
      id: first?.id,
      groupedCount: 3,
      isRead: false,
      actorId: owner.id,
      message: '3 novidades hoje. A última: Carla Mendes publicou um novo post.',
    });
  });

  it('tells members when the owner deactivates the group', async () => {
    const res = await call(owner, 'PATCH', `/api/study-groups/${group.id}`, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect((await newsOf(ana))[0]?.message).toBe(
      'O grupo foi desativado pelo professor. Seu acesso ao conteúdo continua.',
    );
    // Saving it again inactive tells nobody twice.
    await call(owner, 'PATCH', `/api/study-groups/${group.id}`, { isActive: false });
    expect((await newsOf(ana))[0]?.groupedCount).toBe(1);
  });
});

/** The next run of an outbox row fails once, as a crash between a commit and its subscribers leaves it. */
async function failNextOutboxRun() {
  const { db } = t.app.ctx.database;
  await db.execute(sql.raw('create sequence if not exists outbox_fail_once_seq'));
  await db.execute(sql.raw(`select setval('outbox_fail_once_seq', 1, false)`));
  await db.execute(
    sql.raw(`create or replace function outbox_fail_once() returns trigger language plpgsql as $$
      begin
        if nextval('outbox_fail_once_seq') = 1 then raise exception 'a failure on the first try'; end if;
        return old;
      end $$`),
  );
  await db.execute(sql.raw('drop trigger if exists outbox_fail_once on domain_event_outbox'));
  await db.execute(
    sql.raw(
      'create trigger outbox_fail_once before delete on domain_event_outbox for each row execute function outbox_fail_once()',
    ),
  );
}

describe('group news through the outbox', () => {
  it('tells members of new content once, even when the first try after its commit failed', async () => {
    const { db } = t.app.ctx.database;
    await failNextOutboxRun();
    try {
      const topic = await call(ana, 'POST', `/api/study-groups/${group.id}/forum`, {
        title: 'Dúvida',
        content: 'MRUV?',
      });
      expect(topic.statusCode).toBe(201);
      expect(await newsOf(bruno)).toEqual([]);
      // Its backoff passed: the periodic sweep queues the news, once.
      await db.update(domainEventOutbox).set({ runAfter: sql`now() - interval '1 second'` });
      expect(await t.app.ctx.events.sweep()).toBe(1);
      expect(await t.app.ctx.events.sweep()).toBe(0);
      expect(await newsOf(bruno)).toMatchObject([
        { message: 'Ana Souza abriu um novo tópico no fórum.', groupedCount: 1 },
      ]);
    } finally {
      await db.execute(sql.raw('drop trigger if exists outbox_fail_once on domain_event_outbox'));
    }
  });
});

describe('muting a group', () => {
  const action = (user: User, value: string) =>
    call(user, 'POST', `/api/study-groups/${group.id}/membership`, { action: value });

  it("lets a member mute and unmute the group's news, keeping access", async () => {
    const muted = await action(ana, 'mute');
    expect(muted.statusCode).toBe(200);
    expect(membershipSchema.parse(muted.json().data)).toMatchObject({ status: 'active', isMuted: true });
    await groupPost(bruno);
    expect(await newsOf(ana)).toEqual([]);
    expect((await call(ana, 'GET', `/api/study-groups/${group.id}/posts`)).statusCode).toBe(200);
    const unmuted = await action(ana, 'unmute');
    expect(unmuted.json().data.isMuted).toBe(false);
    await groupPost(bruno, 'de novo');
    expect(await newsOf(ana)).toHaveLength(1);
  });

  it('refuses muting to non-members (404) and keeps the owner unmutable', async () => {
    const outsider = await createUser(t.app);
    cookies.set(outsider.id, await signedInAs(t.app, outsider));
    expect((await action(outsider, 'mute')).statusCode).toBe(404);
    expect((await action(owner, 'mute')).statusCode).toBe(404);
  });
});
