import { describe, expect, it } from 'vitest';
import { buildTestApp, oneAppPerDescribe, type TestApp } from '../../../test/app.ts';
import {
  addMember,
  as,
  createGroup,
  createMinor,
  createPost,
  createUser,
  signedInAs,
  uploadedMedia,
} from '../../../test/factories.ts';
import { blocks, follows, groupMemberships, mediaUploads } from '../../db/schema/index.ts';
import { StoredObjectMissing } from '../../plugins/storage.ts';
import { storeMedia } from './media.storage.ts';

// Issue 37: a post's files at /media/ go through the posts' rule on every request (the table of
// cases is in access/policies.test.ts): a members-only group's photo or PDF reaches its current
// members only, so a removed member or anyone handed the address gets 404.

let t: TestApp;
oneAppPerDescribe(buildTestApp, (built) => {
  t = built;
});

const PNG_BYTES = Buffer.from('estudai-imagem');

/** A stored file held by a post of `overrides`; answers its path under /media/. */
async function postedFile(author: { id: string }, overrides: Parameters<typeof createPost>[2] = {}) {
  const kind = overrides.type === 'attachment' ? 'attachments' : 'posts';
  const url = await storeMedia(
    t.app.ctx.storage,
    t.app.ctx.config.publicUrl,
    kind,
    kind === 'posts' ? 'webp' : 'pdf',
    PNG_BYTES,
  );
  await createPost(t.app, author, { type: 'photo', ...overrides, mediaUrls: [url] });
  return new URL(url).pathname;
}

const get = async (path: string, viewer?: { id: string }) =>
  t.app.inject({
    method: 'GET',
    url: path,
    headers: viewer ? { cookie: await signedInAs(t.app, viewer) } : {},
  });

describe("a members-only group's files", () => {
  it('are served to a current member and the owner, checked on every request, never cached by others', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    await addMember(t.app, group, member);
    for (const type of ['photo', 'attachment'] as const) {
      const path = await postedFile(owner, { type, studyGroupId: group.id });
      for (const viewer of [owner, member]) {
        const res = await get(path, viewer);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-cache');
      }
    }
  });

  it('answer 404 to a removed member, to a stranger and to anyone with the address, even with its ETag', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    await addMember(t.app, group, member);
    const path = await postedFile(owner, { studyGroupId: group.id });
    const seen = await get(path, member);
    expect(seen.statusCode).toBe(200);
    await t.app.ctx.database.db.update(groupMemberships).set({ status: 'left' });
    const cookie = await signedInAs(t.app, member);
    const again = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie, 'if-none-match': String(seen.headers.etag) },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Arquivo não encontrado.', code: 'NOT_FOUND' });
    expect((await get(path, await createUser(t.app))).statusCode).toBe(404);
    expect((await get(path)).statusCode).toBe(404);
  });
});

describe("other posts' files", () => {
  it("a followers-only minor's photo reaches approved followers only", async () => {
    const minor = await createMinor(t.app, 14);
    const follower = await createUser(t.app);
    await t.app.ctx.database.db.insert(follows).values({ followerId: follower.id, followingId: minor.id });
    const path = await postedFile(minor);
    expect((await get(path, follower)).statusCode).toBe(200);
    expect((await get(path, await createUser(t.app))).statusCode).toBe(404);
    expect((await get(path)).statusCode).toBe(404);
  });

  it("a public author's photo reaches anyone but across a block", async () => {
    const author = await createUser(t.app);
    const blocked = await createUser(t.app);
    await t.app.ctx.database.db.insert(blocks).values({ blockerId: author.id, blockedId: blocked.id });
    const path = await postedFile(author);
    expect((await get(path)).statusCode).toBe(200);
    expect((await get(path, blocked)).statusCode).toBe(404);
  });

  it("a fresh upload no post holds yet is its uploader's alone (the composer shows it)", async () => {
    const uploader = await createUser(t.app);
    const path = new URL(await uploadedMedia(t.app, uploader)).pathname;
    const res = await get(path, uploader);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect((await get(path, await createUser(t.app))).statusCode).toBe(404);
    expect((await get(path)).statusCode).toBe(404);
  });
});

describe("a deleted post's files (issue 37)", () => {
  it('answer 404 at once, even to whoever saw them, and leave the store through the job', async () => {
    const author = await createUser(t.app);
    const reader = await createUser(t.app);
    const [photo, pdf] = [
      await uploadedMedia(t.app, author),
      await uploadedMedia(t.app, author, 'post_attachment'),
    ];
    const api = await as(t.app, author);
    const created = await api.post('/api/posts', {
      type: 'photo',
      content: 'Mapa mental',
      mediaUrls: [photo],
    });
    expect(created.statusCode).toBe(201);
    const withPdf = await api.post('/api/posts', { type: 'attachment', content: 'Lista', mediaUrls: [pdf] });
    for (const url of [photo, pdf]) expect((await get(new URL(url).pathname, reader)).statusCode).toBe(200);

    expect((await api.del(`/api/posts/${created.json().data.id}`)).statusCode).toBe(200);
    expect((await api.del(`/api/posts/${withPdf.json().data.id}`)).statusCode).toBe(200);
    for (const viewer of [reader, author]) {
      for (const url of [photo, pdf]) expect((await get(new URL(url).pathname, viewer)).statusCode).toBe(404);
    }
    const key = (url: string) => `uploads${new URL(url).pathname.slice('/media'.length)}`;
    await t.app.ctx.jobs.drain();
    for (const url of [photo, pdf]) {
      await expect(t.app.ctx.storage.get(key(url))).rejects.toBeInstanceOf(StoredObjectMissing);
    }
    expect(await t.app.ctx.database.db.select().from(mediaUploads)).toEqual([]);
  });

  it("keeps a file another post still holds (deleting one's copy removes nothing of the other's)", async () => {
    const author = await createUser(t.app);
    const photo = await uploadedMedia(t.app, author);
    const kept = await createPost(t.app, author, { type: 'photo', mediaUrls: [photo] });
    const api = await as(t.app, author);
    const copy = await api.post('/api/posts', { type: 'photo', content: 'De novo', mediaUrls: [photo] });
    expect((await api.del(`/api/posts/${copy.json().data.id}`)).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect((await get(new URL(photo).pathname)).statusCode).toBe(200);
    expect(kept.mediaUrls).toEqual([photo]);
  });
});
