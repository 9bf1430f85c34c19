import { ErrorCode, forumTopicSchema, GROUP_MESSAGES, pageOf } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createUser } from '../../../test/factories.ts';
import { groupTeachers } from '../../db/schema/index.ts';

// Issue 24: the owner and co-teachers pin, close, hide and delete forum topics and replies.

type Api = Awaited<ReturnType<typeof as>>;
let t: TestApp;
let groupId: string;
let owner: Api;
let coTeacher: Api;
let author: Api;
let reader: Api;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(async () => {
  await resetTestApp(t);
  const ownerUser = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  const tutor = await createUser(t.app, { userType: 'tutor', displayName: 'Bruno Lima' });
  const authorUser = await createUser(t.app, { displayName: 'Ana Souza' });
  const readerUser = await createUser(t.app, { displayName: 'Davi Rocha' });
  const group = await createGroup(t.app, ownerUser);
  groupId = group.id;
  await t.app.ctx.database.db.insert(groupTeachers).values({ studyGroupId: group.id, userId: tutor.id });
  await addMember(t.app, group, authorUser);
  await addMember(t.app, group, readerUser);
  [owner, coTeacher, author, reader] = await Promise.all([
    as(t.app, ownerUser),
    as(t.app, tutor),
    as(t.app, authorUser),
    as(t.app, readerUser),
  ]);
});

const forum = (path = '') => `/api/study-groups/${groupId}/forum${path}`;

async function newTopic(api = author) {
  const res = await api.post(forum(), { title: 'Dúvida sobre MRUV', content: 'Como acho a aceleração?' });
  expect(res.statusCode).toBe(201);
  return forumTopicSchema.parse(res.json().data);
}
async function newReply(topicId: string, api = author, content = 'Resposta com spam') {
  const res = await api.post(forum(`/${topicId}/comments`), { content });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string };
}
async function topicsOf(api: Api) {
  const res = await api.get(forum());
  expect(res.statusCode).toBe(200);
  return pageOf(forumTopicSchema).parse(res.json()).data;
}

describe('who may moderate', () => {
  it('answers 403 with a pt-BR message to a member for every moderation call, and changes nothing', async () => {
    const topic = await newTopic();
    const reply = await newReply(topic.id, reader);
    const attempts = [
      author.put(forum(`/${topic.id}/pin`), { isPinned: true }),
      author.put(forum(`/${topic.id}/close`), { isClosed: true }),
      author.put(forum(`/${topic.id}/hide`), { isHidden: true }),
      author.del(forum(`/${topic.id}`)),
      author.put(forum(`/${topic.id}/comments/${reply.id}/hide`), { isHidden: true }),
      author.del(forum(`/${topic.id}/comments/${reply.id}`)),
    ];
    const [pin, ...rest] = await Promise.all(attempts);
    expect(pin?.statusCode).toBe(403);
    expect(pin?.json()).toEqual({ error: GROUP_MESSAGES.editForbidden, code: ErrorCode.forbidden });
    for (const res of rest) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: GROUP_MESSAGES.moderationForbidden, code: ErrorCode.forbidden });
    }
    const [seen] = await topicsOf(reader);
    expect(seen).toMatchObject({ isPinned: false, isClosed: false, moderation: null, repliesCount: 1 });
    expect(seen?.comments[0]).toMatchObject({ id: reply.id, moderation: null, content: 'Resposta com spam' });
  });

  it('lets a co-teacher moderate like the owner', async () => {
    const topic = await newTopic();
    const pinned = await coTeacher.put(forum(`/${topic.id}/pin`), { isPinned: true });
    expect(pinned.statusCode).toBe(200);
    expect(pinned.json().data.isPinned).toBe(true);
    const closed = await coTeacher.put(forum(`/${topic.id}/close`), { isClosed: true });
    expect(closed.json().data.isClosed).toBe(true);
  });

  it('answers 400 in pt-BR for a body that is not a yes or no, and 404 for an unknown topic or reply', async () => {
    const topic = await newTopic();
    const bad = await owner.put(forum(`/${topic.id}/hide`), { isHidden: 'sim' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'Informe isHidden como verdadeiro ou falso.' });
    const badClose = await owner.put(forum(`/${topic.id}/close`), {});
    expect(badClose.statusCode).toBe(400);
    expect(badClose.json().error).toBe('Informe isClosed como verdadeiro ou falso.');
    const unknownTopic = await owner.del(forum('/00000000-0000-4000-8000-000000000000'));
    expect(unknownTopic.statusCode).toBe(404);
    expect(unknownTopic.json().error).toBe(GROUP_MESSAGES.topicNotFound);
    const unknownReply = await owner.del(forum(`/${topic.id}/comments/00000000-0000-4000-8000-000000000000`));
    expect(unknownReply.statusCode).toBe(404);
    expect(unknownReply.json().error).toBe(GROUP_MESSAGES.commentNotFound);
    const notUuid = await owner.put(forum(`/${topic.id}/comments/abc/hide`), { isHidden: true });
    expect(notUuid.statusCode).toBe(404);
  });
});

describe('closing a topic', () => {
  it('refuses new replies with 409 and a pt-BR message, from members and the owner, until reopened', async () => {
    const topic = await newTopic();
    expect((await owner.put(forum(`/${topic.id}/close`), { isClosed: true })).statusCode).toBe(200);
    for (const api of [reader, owner]) {
      const res = await api.post(forum(`/${topic.id}/comments`), { content: 'Mais uma' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: GROUP_MESSAGES.topicClosed, code: ErrorCode.conflict });
    }
    const [closed] = await topicsOf(reader);
    expect(closed).toMatchObject({ isClosed: true, repliesCount: 0, comments: [] });
    expect((await owner.put(forum(`/${topic.id}/close`), { isClosed: false })).statusCode).toBe(200);
    await newReply(topic.id, reader, 'Agora pode');
  });
});

describe('hiding and deleting replies', () => {
  it('hides a reply from members while its author reads "Removido pela moderação" and the owner can show it again', async () => {
    const topic = await newTopic(reader);
    const reply = await newReply(topic.id, author);
    const hidden = await owner.put(forum(`/${topic.id}/comments/${reply.id}/hide`), { isHidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data.comments[0]).toMatchObject({
      id: reply.id,
      content: 'Resposta com spam',
      moderation: 'hidden',
    });

    const [forReader] = await topicsOf(reader);
    expect(forReader).toMatchObject({ repliesCount: 0, comments: [] });
    const [forAuthor] = await topicsOf(author);
    expect(forAuthor?.comments).toEqual([
      expect.objectContaining({ id: reply.id, content: 'Removido pela moderação', moderation: 'hidden' }),
    ]);
    // Hidden: no likes from the author either.
    expect((await author.post(forum(`/${topic.id}/comments/${reply.id}/like`))).statusCode).toBe(404);

    // Hiding twice counts once; showing brings it back for everyone.
    await coTeacher.put(forum(`/${topic.id}/comments/${reply.id}/hide`), { isHidden: true });
    const shown = await owner.put(forum(`/${topic.id}/comments/${reply.id}/hide`), { isHidden: false });
    expect(shown.json().data).toMatchObject({ repliesCount: 1 });
    const [again] = await topicsOf(reader);
    expect(again?.comments[0]).toMatchObject({ content: 'Resposta com spam', moderation: null });
  });

  it('deletes a reply for good: gone for members and moderators, a placeholder for its author', async () => {
    const topic = await newTopic(reader);
    const reply = await newReply(topic.id, author);
    await newReply(topic.id, reader, 'Outra resposta');
    const deleted = await owner.del(forum(`/${topic.id}/comments/${reply.id}`));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toMatchObject({ repliesCount: 1 });
    expect(deleted.json().data.comments.map((c: { id: string }) => c.id)).not.toContain(reply.id);
    const [forReader] = await topicsOf(reader);
    expect(forReader?.comments.map((c) => c.content)).toEqual(['Outra resposta']);
    const [forAuthor] = await topicsOf(author);
    expect(forAuthor?.comments[0]).toMatchObject({
      id: reply.id,
      content: GROUP_MESSAGES.removedByModeration,
      moderation: 'deleted',
    });
    // Deleted is final: it cannot be shown again.
    const show = await owner.put(forum(`/${topic.id}/comments/${reply.id}/hide`), { isHidden: false });
    expect(show.statusCode).toBe(404);
  });
});

describe('hiding and deleting topics', () => {
  it('hides a topic from members (no replies, no likes) and shows the author a placeholder', async () => {
    const topic = await newTopic();
    const hidden = await owner.put(forum(`/${topic.id}/hide`), { isHidden: true });
    expect(hidden.json().data).toMatchObject({ moderation: 'hidden', title: 'Dúvida sobre MRUV' });
    expect(await topicsOf(reader)).toEqual([]);
    const [forAuthor] = await topicsOf(author);
    expect(forAuthor).toMatchObject({
      id: topic.id,
      title: 'Removido pela moderação',
      content: 'Removido pela moderação',
      moderation: 'hidden',
    });
    expect((await reader.post(forum(`/${topic.id}/comments`), { content: 'Oi' })).statusCode).toBe(404);
    expect((await reader.post(forum(`/${topic.id}/like`))).statusCode).toBe(404);
    const [forOwner] = await topicsOf(owner);
    expect(forOwner).toMatchObject({ title: 'Dúvida sobre MRUV', moderation: 'hidden' });
    await owner.put(forum(`/${topic.id}/hide`), { isHidden: false });
    expect(await topicsOf(reader)).toHaveLength(1);
  });

  it('deletes a topic: gone for everyone but its author, who reads the placeholder', async () => {
    const topic = await newTopic();
    const deleted = await coTeacher.del(forum(`/${topic.id}`));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ id: topic.id });
    expect(await topicsOf(reader)).toEqual([]);
    expect(await topicsOf(owner)).toEqual([]);
    const [forAuthor] = await topicsOf(author);
    expect(forAuthor).toMatchObject({ title: GROUP_MESSAGES.removedByModeration, moderation: 'deleted' });
    expect((await owner.del(forum(`/${topic.id}`))).statusCode).toBe(404);
  });
});
