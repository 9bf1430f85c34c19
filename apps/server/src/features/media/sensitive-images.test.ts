// Issue 43: the image check, on the real model (nsfwjs's MobileNetV2 on TensorFlow.js's WASM
// backend, on its worker thread), over fixture images made for the project by
// scripts/make-image-fixtures.ts: a drawing, a photo-like notebook page and an abstract picture the
// model scores as sensitive. Checks the blur state, what a minor gets and the moderators' list.
import { readFileSync } from 'node:fs';
import {
  MEDIA_MESSAGES,
  moderatedImageSchema,
  moderationQueueSchema,
  pageOf,
  postSchema,
  uploadedMediaSchema,
} from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { as, createGroup, createMinor, createUser } from '../../../test/factories.ts';
import type { DomainEvents } from '../../events/domain-events.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/images/${name}`, import.meta.url));
const DRAWING = fixture('drawing.png');
const NOTEBOOK = fixture('notebook.jpg');
const SENSITIVE = fixture('sensitive.png');

let t: TestApp;
const classified: DomainEvents['media.classified'][] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.app.ctx.events.on('media.classified', async (_tx, event) => {
    classified.push(event);
  });
});
beforeEach(async () => {
  await resetTestApp(t);
  classified.length = 0;
});
afterAll(async () => {
  await t.app.close();
});

type Caller = Awaited<ReturnType<typeof as>>;

/** `POST /api/media` as `who`, multipart as a browser sends it. */
async function upload(who: Caller, content: Buffer, purpose = 'post_image') {
  const boundary = '----estudai-images';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\n${purpose}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    payload,
    headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  expect(res.statusCode).toBe(201);
  return uploadedMediaSchema.parse(res.json().data);
}

/** An adult's photo post of `content`; answers the post's id and the photo's address. */
async function photoPost(who: Caller, content: Buffer) {
  const media = await upload(who, content);
  expect(media.sensitivity).toBe('pending');
  const res = await who.post('/api/posts', {
    type: 'photo',
    content: 'Meu caderno de química',
    mediaUrls: [media.url],
  });
  expect(res.statusCode).toBe(201);
  return { postId: postSchema.parse(res.json().data).id, url: media.url };
}

const checkImages = () => t.app.ctx.jobs.drain();
const mediaPath = (url: string) => new URL(url).pathname;
const fetchFile = (url: string, who?: Caller) =>
  t.app.inject({ method: 'GET', url: mediaPath(url), headers: who ? { cookie: who.cookie } : {} });
const postOf = async (who: Caller, postId: string) => {
  const res = await who.get(`/api/posts/${postId}`);
  expect(res.statusCode).toBe(200);
  return postSchema.parse(res.json().data);
};

async function people() {
  const author = await createUser(t.app, { displayName: 'Bruno Adulto' });
  const adultUser = await createUser(t.app, { displayName: 'Carla Adulta' });
  const minorUser = await createMinor(t.app, 15);
  const admin = await createUser(t.app, { userType: 'admin' });
  const bruno = await as(t.app, author);
  const carla = await as(t.app, adultUser);
  const teen = await as(t.app, minorUser);
  const mod = await as(t.app, admin);
  for (const follower of [carla, teen]) {
    const res = await follower.post(`/api/users/${author.id}/follow`);
    expect(res.statusCode).toBeLessThan(300);
  }
  return { author, minorUser, bruno, carla, teen, mod: { ...mod, userId: admin.id } };
}

describe('the image check (issue 43), on the real model', () => {
  it('lets a drawing and a notebook photo through: pending (blurred) at first, then ok', async () => {
    const { bruno, carla, teen, mod } = await people();
    const drawing = await photoPost(bruno, DRAWING);
    const notebook = await photoPost(bruno, NOTEBOOK);
    // Until its check is done an image waits blurred, for minors too (its address is sent).
    for (const viewer of [carla, teen]) {
      expect((await postOf(viewer, drawing.postId)).media).toEqual([
        { url: drawing.url, sensitivity: 'pending' },
      ]);
    }
    await checkImages();
    for (const [post, url] of [
      [drawing.postId, drawing.url],
      [notebook.postId, notebook.url],
    ] as const) {
      for (const viewer of [carla, teen]) {
        const shown = await postOf(viewer, post);
        expect(shown.media).toEqual([{ url, sensitivity: 'ok' }]);
        expect(shown.mediaUrls).toEqual([url]);
      }
    }
    expect((await fetchFile(drawing.url, teen)).statusCode).toBe(200);
    expect(classified).toEqual([]);
    expect((await mod.get('/api/admin/moderation/queue?kind=images')).json().data.data).toEqual([]);
  });

  it('marks the sensitive fixture sensível: blurred for an adult, no address for a minor, queued for moderators', async () => {
    const { author, bruno, carla, teen, mod } = await people();
    const { postId, url } = await photoPost(bruno, SENSITIVE);
    await checkImages();

    // An adult gets it, flagged: the client blurs it behind 'Conteúdo sensível — toque para ver'.
    const seen = await postOf(carla, postId);
    expect(seen.media).toEqual([{ url, sensitivity: 'sensitive' }]);
    expect(seen.mediaUrls).toEqual([url]);
    expect((await fetchFile(url, carla)).statusCode).toBe(200);

    // A minor gets the post, never the address; the file itself answers 404 to them.
    const minorView = await postOf(teen, postId);
    expect(minorView.media).toEqual([{ url: null, sensitivity: 'sensitive' }]);
    expect(minorView.mediaUrls).toEqual([]);
    expect((await fetchFile(url, teen)).statusCode).toBe(404);
    expect((await fetchFile(url)).statusCode).toBe(404);

    // The moderators' list, oldest first, with the model's scores.
    const listed = await mod.get('/api/admin/images');
    expect(listed.statusCode).toBe(200);
    const [item] = listed.json().data.map((row: unknown) => moderatedImageSchema.parse(row));
    expect(item).toMatchObject({ url, uploaderId: author.id, sensitivity: 'sensitive', decidedBy: null });
    expect(
      (item?.scores?.porn ?? 0) + (item?.scores?.hentai ?? 0) + (item?.scores?.sexy ?? 0),
    ).toBeGreaterThan(0.4);
    // And in the moderation queue's 'Imagens' tab, with who sent it.
    const queued = await mod.get('/api/admin/moderation/queue?kind=images');
    expect(queued.statusCode).toBe(200);
    const queue = moderationQueueSchema.parse(queued.json().data);
    expect(queue.counts.images).toBe(1);
    expect(queue.data).toEqual([
      {
        type: 'image',
        ageSeconds: expect.any(Number),
        image: {
          ...item,
          uploader: { id: author.id, displayName: 'Bruno Adulto', username: author.username },
        },
      },
    ]);
    const key = queue.data[0]?.type === 'image' ? queue.data[0].image.key : '';
    expect(key).toMatch(/^uploads\/posts\//);

    // Its uploader hears of it as an action naming the rule and the image, with 'Recorrer'.
    const actions = (await bruno.get('/api/users/me/moderation-actions')).json().data;
    expect(actions).toEqual([
      expect.objectContaining({
        kind: 'image_hidden',
        rule: 'conteudo_sensivel',
        item: expect.objectContaining({ type: 'image', id: key }),
        strike: false,
        appealable: true,
      }),
    ]);
  });

  it('never sends a minor the address of a sensitive image: feed, post, profile, comments, chat', async () => {
    const { author, bruno, teen } = await people();
    const { postId, url } = await photoPost(bruno, SENSITIVE);
    await bruno.post(`/api/posts/${postId}/comments`, { content: 'Olha o meu caderno' });
    await checkImages();
    const name = url.split('/').pop() ?? url;
    const replies = await Promise.all([
      teen.get('/api/posts?feed=following'),
      teen.get('/api/posts?feed=for_you'),
      teen.get(`/api/posts/${postId}`),
      teen.get(`/api/users/${author.id}`),
      teen.get(`/api/users/${author.id}/posts`),
      teen.get(`/api/posts/${postId}/comments`),
      teen.get('/api/chat/conversations'),
      teen.get('/api/search?q=caderno&type=posts'),
    ]);
    const following = pageOf(postSchema).parse(replies[0]?.json());
    expect(following.data.map((post) => post.id)).toContain(postId);
    for (const reply of replies) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain(name);
    }
  });

  it("keeps a sensitive group cover's address from a minor, in the group's reply and at /media/", async () => {
    const { author, bruno, carla, teen } = await people();
    const cover = await upload(bruno, SENSITIVE, 'group_cover');
    const group = await createGroup(t.app, author, { coverImage: cover.url });
    await checkImages();
    const adultView = await carla.get(`/api/study-groups/${group.id}`);
    expect(adultView.statusCode).toBe(200);
    expect(adultView.json().data).toMatchObject({ coverImage: cover.url, coverSensitivity: 'sensitive' });
    const minorView = await teen.get(`/api/study-groups/${group.id}`);
    expect(minorView.statusCode).toBe(200);
    expect(minorView.json().data).toMatchObject({ coverImage: null, coverSensitivity: 'sensitive' });
    expect(minorView.body).not.toContain(cover.url.split('/').pop());
    expect((await fetchFile(cover.url, teen)).statusCode).toBe(404);
    expect((await fetchFile(cover.url, carla)).statusCode).toBe(200);
    // The invite link's page too.
    const link = await bruno.post(`/api/study-groups/${group.id}/invite-links`, {});
    expect(link.statusCode).toBe(201);
    const code = link.json().data.code;
    const minorInvite = await teen.get(`/api/invites/${code}`);
    expect(minorInvite.json().data.group).toMatchObject({ coverImage: null, coverSensitivity: 'sensitive' });
    expect(minorInvite.body).not.toContain(cover.url.split('/').pop());
    expect((await carla.get(`/api/invites/${code}`)).json().data.group).toMatchObject({
      coverImage: cover.url,
      coverSensitivity: 'sensitive',
    });
  });

  it('keeps a sensitive motivating image of a proposal from a minor: no address in the proposal, 404 at /media/', async () => {
    const { carla, teen } = await people();
    const teacherUser = await createUser(t.app, { userType: 'professor', isVerified: true });
    const teacher = await as(t.app, teacherUser);
    const image = await upload(teacher, SENSITIVE, 'essay_image');
    const created = await teacher.post('/api/essay-prompts', {
      title: 'O corpo humano nas campanhas de saúde',
      motivatingTexts: [{ mediaId: image.url }],
    });
    expect(created.statusCode).toBe(201);
    await checkImages();
    const id = created.json().data.id;
    const adultView = await carla.get(`/api/essay-prompts/${id}`);
    expect(adultView.json().data.motivatingTexts).toEqual([
      { mediaUrl: image.url, sensitivity: 'sensitive' },
    ]);
    expect((await fetchFile(image.url, carla)).statusCode).toBe(200);
    for (const reply of [await teen.get(`/api/essay-prompts/${id}`), await teen.get('/api/essay-prompts')]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain(image.url.split('/').pop());
    }
    expect((await teen.get(`/api/essay-prompts/${id}`)).json().data.motivatingTexts).toEqual([
      { sensitivity: 'sensitive' },
    ]);
    expect((await fetchFile(image.url, teen)).statusCode).toBe(404);
  });

  it('lets a moderator decide: blocked hides it from everyone but its uploader, ok shows it to minors', async () => {
    const { bruno, carla, teen, mod } = await people();
    const { postId, url } = await photoPost(bruno, SENSITIVE);
    await checkImages();
    const id = (url.split('/').pop() ?? '').replace('.webp', '');

    const blocked = await mod.post(`/api/admin/images/${id}/decide`, { sensitivity: 'blocked' });
    expect(blocked.statusCode).toBe(200);
    expect((await postOf(carla, postId)).media).toEqual([{ url: null, sensitivity: 'blocked' }]);
    expect((await fetchFile(url, carla)).statusCode).toBe(404);
    expect((await postOf(bruno, postId)).media).toEqual([{ url, sensitivity: 'blocked' }]);
    expect((await fetchFile(url, bruno)).statusCode).toBe(200);
    // Decided: out of the list, and the check never overwrites a moderator's word.
    expect((await mod.get('/api/admin/images')).json().data).toEqual([]);

    const key = encodeURIComponent(new URL(url).pathname.replace('/media/', ''));
    expect((await mod.post(`/api/admin/images/${key}/decide`, { sensitivity: 'ok' })).statusCode).toBe(200);
    expect((await postOf(teen, postId)).media).toEqual([{ url, sensitivity: 'ok' }]);
    expect((await fetchFile(url, teen)).statusCode).toBe(200);

    // The check's finding and both decisions, for the moderation log.
    expect(classified.map((event) => [event.sensitivity, event.decidedBy ?? null])).toEqual([
      ['sensitive', null],
      ['blocked', mod.userId],
      ['ok', mod.userId],
    ]);
    expect(classified.every((event) => event.key.endsWith(`${id}.webp`))).toBe(true);
  });

  it("shows the image again when a moderator reverses its uploader's appeal, and keeps it when upheld", async () => {
    const { bruno, teen, mod } = await people();
    const kept = await photoPost(bruno, SENSITIVE);
    const appealed = await photoPost(bruno, SENSITIVE);
    await checkImages();
    const actions = (await bruno.get('/api/users/me/moderation-actions')).json().data as {
      id: string;
      item: { id: string };
    }[];
    const actionOf = (url: string) =>
      actions.find((action) => url.endsWith(action.item.id.replace(/^uploads\//, '')))?.id;
    for (const url of [kept.url, appealed.url]) {
      const appeal = await bruno.post(`/api/moderation-actions/${actionOf(url)}/appeal`, {
        text: 'É a foto do meu caderno de química.',
      });
      expect(appeal.statusCode).toBe(201);
    }
    const appeals = moderationQueueSchema.parse(
      (await mod.get('/api/admin/moderation/queue?kind=appeals')).json().data,
    );
    const appealOf = (url: string) =>
      appeals.data.find((line) => line.type === 'appeal' && line.appeal.action.id === actionOf(url));
    const idOf = (url: string) => {
      const line = appealOf(url);
      return line?.type === 'appeal' ? line.appeal.id : '';
    };
    const decide = (url: string, uphold: boolean) =>
      mod.post(`/api/admin/appeals/${idOf(url)}/decide`, { uphold, note: 'Revisado.' });
    expect((await decide(kept.url, true)).statusCode).toBe(200);
    expect((await decide(appealed.url, false)).statusCode).toBe(200);

    expect((await postOf(teen, appealed.postId)).media).toEqual([{ url: appealed.url, sensitivity: 'ok' }]);
    expect((await fetchFile(appealed.url, teen)).statusCode).toBe(200);
    expect((await postOf(teen, kept.postId)).media).toEqual([{ url: null, sensitivity: 'sensitive' }]);
    // The reversal is the moderator's final word: out of the images to review, the check never redoes it.
    const images = moderationQueueSchema.parse(
      (await mod.get('/api/admin/moderation/queue?kind=images')).json().data,
    );
    expect(images.data.map((line) => line.type === 'image' && line.image.url)).toEqual([kept.url]);
    expect(classified.at(-1)).toMatchObject({ sensitivity: 'ok', decidedBy: mod.userId });
  });

  it('takes a sensitive avatar off the profile, keeps its file from minors, and puts it back when a moderator says ok', async () => {
    const { author, bruno, carla, teen, mod } = await people();
    const set = await bruno.patch('/api/users/me', {
      avatar: `data:image/png;base64,${SENSITIVE.toString('base64')}`,
    });
    expect(set.statusCode).toBe(200);
    const url: string = set.json().data.avatar;
    expect(url).toMatch(/^\/media\/avatars\//);
    const avatarOf = async (who: Caller) => (await who.get(`/api/users/${author.id}`)).json().data.avatar;
    const avatarFile = (who?: Caller) =>
      t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
    // Until the check, it is there (256 px, no blur to tap through: it goes if flagged).
    expect(await avatarOf(teen)).toBe(url);
    await checkImages();

    for (const viewer of [bruno, carla, teen]) expect(await avatarOf(viewer)).toBeNull();
    expect((await avatarFile(teen)).statusCode).toBe(404);
    expect((await avatarFile()).statusCode).toBe(404);
    expect((await avatarFile(bruno)).statusCode).toBe(200);
    // Its owner hears of it, with 'Recorrer'; the moderators see it as a profile photo.
    const actions = (await bruno.get('/api/users/me/moderation-actions')).json().data;
    expect(actions).toEqual([
      expect.objectContaining({
        kind: 'image_hidden',
        item: expect.objectContaining({ type: 'image', id: expect.stringMatching(/^uploads\/avatars\//) }),
        appealable: true,
      }),
    ]);
    const queue = moderationQueueSchema.parse(
      (await mod.get('/api/admin/moderation/queue?kind=images')).json().data,
    );
    const [line] = queue.data;
    expect(line?.type === 'image' && [line.image.purpose, line.image.url.endsWith(url)]).toEqual([
      'avatar',
      true,
    ]);

    const name = url.split('/').pop()?.replace('.webp', '') ?? '';
    expect((await mod.post(`/api/admin/images/${name}/decide`, { sensitivity: 'ok' })).statusCode).toBe(200);
    expect(await avatarOf(teen)).toBe(url);
    expect((await avatarFile(teen)).statusCode).toBe(200);
  });

  it('refuses the list and the decision to anyone but a moderator, and a decision that is not one', async () => {
    const { carla, mod, bruno } = await people();
    const { url } = await photoPost(bruno, SENSITIVE);
    const id = (url.split('/').pop() ?? '').replace('.webp', '');
    const list = await carla.get('/api/admin/images');
    expect(list.statusCode).toBe(403);
    expect(list.json().error).toBe(MEDIA_MESSAGES.moderatorsOnly);
    const decide = await carla.post(`/api/admin/images/${id}/decide`, { sensitivity: 'ok' });
    expect(decide.statusCode).toBe(403);
    const bad = await mod.post(`/api/admin/images/${id}/decide`, { sensitivity: 'talvez' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(MEDIA_MESSAGES.decisionInvalid);
    const missing = await mod.post(`/api/admin/images/${'0'.repeat(32)}/decide`, { sensitivity: 'ok' });
    expect(missing.statusCode).toBe(404);
    // Nothing changed: still pending, unchecked.
    expect((await carla.get('/api/admin/images')).statusCode).toBe(403);
  });
});
