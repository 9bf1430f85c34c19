import { GROUP_MESSAGES, groupVideoSchema, VIDEO_MESSAGES, videoListItemSchema } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { groupVideos, groupVideoViews } from '../../db/schema/index.ts';
import { foldForSearch } from '../../lib/search-text.ts';

type User = Awaited<ReturnType<typeof createUser>>;
type Group = Awaited<ReturnType<typeof createGroup>>;

let t: TestApp;
let owner: User;
let member: User;
let stranger: User;
let cookies: Map<string, string>;
let freeGroup: Group;
let paidGroup: Group;

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  owner = await createUser(t.app, { displayName: 'Carla Mendes', userType: 'professor', isVerified: true });
  member = await createUser(t.app, { displayName: 'Ana Souza' });
  stranger = await createUser(t.app, { displayName: 'Bruno Lima' });
  cookies = new Map();
  for (const user of [owner, member, stranger]) cookies.set(user.id, await signedInAs(t.app, user));
  freeGroup = await createGroup(t.app, owner, { name: 'Física para o ENEM' });
  paidGroup = await createGroup(t.app, owner, {
    name: 'Química Premium',
    category: 'quimica',
    isPaid: true,
    price: 4_990,
  });
  await addMember(t.app, paidGroup, member);
});
afterAll(async () => {
  await t.app.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (as: User | null, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: as ? { cookie: cookies.get(as.id) ?? '' } : {} });

const videosOf = (group: { id: string }) => `/api/study-groups/${group.id}/videos`;
const videoAt = (group: { id: string }, videoId: string) => `${videosOf(group)}/${videoId}`;

const youtube = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const validVideo = {
  title: 'Aula 1: Movimento uniforme',
  description: 'Velocidade média e gráficos s × t.',
  category: 'aula',
  videoUrl: youtube,
  duration: 754,
  links: [
    { title: 'Lista de exercícios', url: 'https://exemplo.com.br/lista.pdf', type: 'download' },
    { title: 'Simulado', url: 'https://exemplo.com.br/simulado' },
  ],
};

let minutesAgo = 1_000;
/** Inserts a video straight into the database, each one newer than the previous. */
async function insertVideo(group: { id: string }, overrides: Partial<typeof groupVideos.$inferInsert> = {}) {
  const values = {
    studyGroupId: group.id,
    uploadedBy: owner.id,
    title: 'Vídeo de teste',
    description: '',
    category: 'aula' as const,
    videoUrl: youtube,
    createdAt: new Date(Date.now() - minutesAgo-- * 60_000),
    ...overrides,
  };
  const [video] = await t.app.ctx.database.db
    .insert(groupVideos)
    .values({ ...values, searchText: foldForSearch(values.title, values.description) })
    .returning();
  if (!video) throw new Error('insertVideo inserted nothing');
  return video;
}

const library = async (as: User, query = '') => {
  const res = await call(as, 'GET', `/api/videos${query}`);
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: unknown[]; hasMore: boolean };
  return { titles: body.data.map((item) => videoListItemSchema.parse(item).title), ...body };
};

describe('POST /api/study-groups/{groupId}/videos', () => {
  it("lets the owner add a video, with YouTube's thumbnail when none is given", async () => {
    const res = await call(owner, 'POST', videosOf(freeGroup), validVideo);
    expect(res.statusCode).toBe(201);
    const video = groupVideoSchema.parse(res.json().data);
    expect(video).toMatchObject({
      studyGroupId: freeGroup.id,
      title: validVideo.title,
      category: 'aula',
      videoUrl: youtube,
      thumbnail: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
      duration: 754,
      views: 0,
      isVisible: true,
      uploadedBy: owner.id,
      links: [
        { title: 'Lista de exercícios', url: 'https://exemplo.com.br/lista.pdf', type: 'download' },
        { title: 'Simulado', url: 'https://exemplo.com.br/simulado', type: 'link' },
      ],
      group: {
        id: freeGroup.id,
        name: 'Física para o ENEM',
        isPaid: false,
        price: 0,
        advertiser: { displayName: 'Carla Mendes', avatar: null },
      },
      canWatch: true,
    });
    expect((await library(stranger)).titles).toEqual([validVideo.title]);
  });

  it('keeps the thumbnail the owner gives, and has none for a Vimeo link without one', async () => {
    const own = await call(owner, 'POST', videosOf(freeGroup), {
      ...validVideo,
      thumbnail: 'https://exemplo.com.br/capa.png',
    });
    expect(own.json().data.thumbnail).toBe('https://exemplo.com.br/capa.png');
    const vimeo = await call(owner, 'POST', videosOf(freeGroup), {
      ...validVideo,
      videoUrl: 'https://vimeo.com/76979871',
    });
    expect(vimeo.json().data.thumbnail).toBeNull();
  });

  it('refuses a member and a stranger (403), and answers 404 for an unknown or malformed group', async () => {
    for (const user of [member, stranger]) {
      const res = await call(user, 'POST', videosOf(paidGroup), validVideo);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: VIDEO_MESSAGES.editForbidden, code: 'FORBIDDEN' });
    }
    for (const groupId of ['6b0f7a52-9d55-4c1e-8f60-2f4f2b0c9a11', 'nao-e-um-id', "1' or '1'='1"]) {
      const res = await call(
        owner,
        'POST',
        `/api/study-groups/${encodeURIComponent(groupId)}/videos`,
        validVideo,
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(GROUP_MESSAGES.notFound);
    }
    const rows = await t.app.ctx.database.db.select().from(groupVideos);
    expect(rows).toHaveLength(0);
  });

  it('asks a signed-out caller to sign in', async () => {
    expect((await call(null, 'POST', videosOf(freeGroup), validVideo)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/videos')).statusCode).toBe(401);
  });

  it('refuses javascript:, data: and other non-http video links with a pt-BR message', async () => {
    for (const videoUrl of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'ftp://exemplo.com.br/aula.mp4',
      'aula.mp4',
    ]) {
      const res = await call(owner, 'POST', videosOf(freeGroup), { ...validVideo, videoUrl });
      expect(res.statusCode, videoUrl).toBe(400);
      expect(res.json(), videoUrl).toEqual({
        error: VIDEO_MESSAGES.videoUrlInvalid,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await t.app.ctx.database.db.select().from(groupVideos)).toHaveLength(0);
  });

  it('refuses javascript: and data: in the thumbnail and in advertiser links', async () => {
    const badThumbnail = await call(owner, 'POST', videosOf(freeGroup), {
      ...validVideo,
      thumbnail: 'data:image/svg+xml,<svg onload=alert(1)>',
    });
    expect(badThumbnail.json().error).toBe(VIDEO_MESSAGES.thumbnailInvalid);
    const badLink = await call(owner, 'POST', videosOf(freeGroup), {
      ...validVideo,
      links: [{ title: 'Clique', url: 'javascript:alert(1)', type: 'link' }],
    });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().error).toBe(VIDEO_MESSAGES.linkUrlInvalid);
  });

  it('refuses each bad field with its pt-BR message', async () => {
    const cases: [string, object, string][] = [
      ['blank title', { title: '   ' }, VIDEO_MESSAGES.titleRequired],
      ['long title', { title: 'x'.repeat(151) }, VIDEO_MESSAGES.titleTooLong],
      ['long description', { description: 'x'.repeat(2_001) }, VIDEO_MESSAGES.descriptionTooLong],
      ['unknown category', { category: 'filmes' }, VIDEO_MESSAGES.categoryInvalid],
      ['duration over 24 h', { duration: 86_401 }, VIDEO_MESSAGES.durationInvalid],
      ['duration as text', { duration: '10' }, VIDEO_MESSAGES.durationInvalid],
      [
        'eleven links',
        { links: Array.from({ length: 11 }, () => validVideo.links[0]) },
        VIDEO_MESSAGES.linksTooMany,
      ],
      [
        'unknown link type',
        { links: [{ title: 'Lista', url: 'https://exemplo.com.br', type: 'video' }] },
        VIDEO_MESSAGES.linkTypeInvalid,
      ],
    ];
    for (const [label, change, message] of cases) {
      const res = await call(owner, 'POST', videosOf(freeGroup), { ...validVideo, ...change });
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error, label).toBe(message);
    }
  });
});

describe('GET /api/videos', () => {
  beforeEach(async () => {
    await insertVideo(freeGroup, { title: 'Revisão de cinemática', category: 'revisao' });
    await insertVideo(freeGroup, {
      title: 'Leis de Newton',
      description: 'Aula com exercícios de dinâmica.',
    });
    await insertVideo(paidGroup, { title: 'Exercícios de estequiometria', category: 'exercicios' });
    await insertVideo(paidGroup, { title: 'Dicas para a prova de Química', category: 'dicas' });
    await insertVideo(paidGroup, { title: 'REVISÃO de ligações químicas', category: 'revisao' });
  });

  it('lists every visible video, newest first, as library cards', async () => {
    const page = await library(stranger);
    expect(page.titles).toEqual([
      'REVISÃO de ligações químicas',
      'Dicas para a prova de Química',
      'Exercícios de estequiometria',
      'Leis de Newton',
      'Revisão de cinemática',
    ]);
    expect(page.hasMore).toBe(false);
    const card = page.data[0] as Record<string, unknown>;
    expect(card).toMatchObject({
      category: 'revisao',
      group: { id: paidGroup.id, name: 'Química Premium', advertiser: { displayName: 'Carla Mendes' } },
    });
    expect(card).not.toHaveProperty('videoUrl');
    expect(card).not.toHaveProperty('links');
  });

  it('searches title and description ignoring accents and case, within a category', async () => {
    const all = [
      'REVISÃO de ligações químicas',
      'Dicas para a prova de Química',
      'Exercícios de estequiometria',
      'Leis de Newton',
      'Revisão de cinemática',
    ];
    const cases: [string, string[]][] = [
      ['?search=revisao', ['REVISÃO de ligações químicas', 'Revisão de cinemática']],
      ['?search=REVISÃO', ['REVISÃO de ligações químicas', 'Revisão de cinemática']],
      ['?search=%20%20quimica%20', ['REVISÃO de ligações químicas', 'Dicas para a prova de Química']],
      ['?search=dinamica', ['Leis de Newton']],
      ['?search=exercicios', ['Exercícios de estequiometria', 'Leis de Newton']],
      ['?category=revisao', ['REVISÃO de ligações químicas', 'Revisão de cinemática']],
      ['?category=revisao&search=cinematica', ['Revisão de cinemática']],
      ['?category=exercicios&search=exercicios', ['Exercícios de estequiometria']],
      ['?category=aula&search=exercicios', ['Leis de Newton']],
      ['?category=dicas&search=newton', []],
      ['?category=all&search=newton', ['Leis de Newton']],
      ['?category=all', all],
      ['?search=', all],
      ['?search=100%25', []],
      ['?search=_', []],
    ];
    for (const [query, titles] of cases)
      expect((await library(stranger, query)).titles, query).toEqual(titles);
  });

  it('answers 400 in Portuguese for an unknown category, a long search and bad pages', async () => {
    const category = await call(stranger, 'GET', '/api/videos?category=filmes');
    expect(category.statusCode).toBe(400);
    expect(category.json().error).toBe(VIDEO_MESSAGES.categoryInvalid);
    expect((await call(stranger, 'GET', `/api/videos?search=${'a'.repeat(101)}`)).json().error).toBe(
      VIDEO_MESSAGES.searchTooLong,
    );
    for (const query of ['page=0', 'page=abc', 'limit=51', 'limit=0', 'page=1.5']) {
      const res = await call(stranger, 'GET', `/api/videos?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('never lists hidden videos nor the videos of inactive groups, even when searched for', async () => {
    const inactive = await createGroup(t.app, owner, { name: 'Grupo encerrado', isActive: false });
    await addMember(t.app, inactive, member);
    await insertVideo(inactive, { title: 'Revisão antiga do grupo encerrado', category: 'revisao' });
    await insertVideo(freeGroup, { title: 'Revisão oculta', category: 'revisao', isVisible: false });
    for (const user of [stranger, member, owner]) {
      expect((await library(user, '?search=revisao')).titles).toEqual([
        'REVISÃO de ligações químicas',
        'Revisão de cinemática',
      ]);
      expect((await library(user, '?search=oculta')).titles).toEqual([]);
      expect((await library(user, '?category=revisao&search=encerrado')).titles).toEqual([]);
    }
  });

  it("shows YouTube's thumbnail only to viewers who may watch the video", async () => {
    await insertVideo(paidGroup, { title: 'Capa própria', thumbnail: 'https://exemplo.com.br/capa.png' });
    const thumbnails = async (user: User) =>
      Object.fromEntries(
        ((await library(user)).data as { title: string; thumbnail: string | null }[]).map((v) => [
          v.title,
          v.thumbnail,
        ]),
      );
    const derived = 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg';
    // A group's videos are for its members, free groups too (docs/decisions/013).
    expect(await thumbnails(stranger)).toMatchObject({
      'Leis de Newton': null,
      'Dicas para a prova de Química': null,
      'Capa própria': 'https://exemplo.com.br/capa.png',
    });
    expect(await thumbnails(member)).toMatchObject({ 'Leis de Newton': null });
    await addMember(t.app, freeGroup, member);
    expect(await thumbnails(member)).toMatchObject({ 'Leis de Newton': derived });
    expect(await thumbnails(member)).toMatchObject({ 'Dicas para a prova de Química': derived });
    expect(await thumbnails(owner)).toMatchObject({ 'Dicas para a prova de Química': derived });
  });
});

describe('GET /api/videos pages', () => {
  beforeEach(async () => {
    for (let n = 1; n <= 12; n++) await insertVideo(freeGroup, { title: `Aula ${n}` });
  });

  it('pages by page and limit, with hasMore false on the last page and nothing beyond it', async () => {
    expect(await library(stranger, '?page=1&limit=5')).toMatchObject({
      titles: ['Aula 12', 'Aula 11', 'Aula 10', 'Aula 9', 'Aula 8'],
      hasMore: true,
    });
    expect(await library(stranger, '?page=2&limit=5')).toMatchObject({
      titles: ['Aula 7', 'Aula 6', 'Aula 5', 'Aula 4', 'Aula 3'],
      hasMore: true,
    });
    expect(await library(stranger, '?page=3&limit=5')).toMatchObject({
      titles: ['Aula 2', 'Aula 1'],
      hasMore: false,
    });
    expect(await library(stranger, '?page=4&limit=5')).toMatchObject({ titles: [], hasMore: false });
  });

  it('defaults to ten a page, and a page exactly full has nothing more', async () => {
    expect(await library(stranger)).toMatchObject({ hasMore: true });
    expect((await library(stranger)).titles).toHaveLength(10);
    expect(await library(stranger, '?page=2')).toMatchObject({
      titles: ['Aula 2', 'Aula 1'],
      hasMore: false,
    });
    expect(await library(stranger, '?limit=12')).toMatchObject({ hasMore: false });
    expect(await library(stranger, '?page=100000')).toMatchObject({ titles: [], hasMore: false });
  });
});

describe('GET /api/study-groups/{groupId}/videos/{videoId}', () => {
  it('gives the link and the advertiser links of a paid group only to its members and owner', async () => {
    const video = await insertVideo(paidGroup, {
      links: [{ title: 'Apostila', url: 'https://exemplo.com.br/apostila.pdf', type: 'download' }],
    });
    const seen = async (user: User) => {
      const res = await call(user, 'GET', videoAt(paidGroup, video.id));
      expect(res.statusCode).toBe(200);
      return groupVideoSchema.parse(res.json().data);
    };
    const outsider = await seen(stranger);
    expect(outsider).toMatchObject({
      title: 'Vídeo de teste',
      videoUrl: null,
      links: null,
      thumbnail: null,
      canWatch: false,
      group: { id: paidGroup.id, name: 'Química Premium', isPaid: true, price: 4_990 },
    });
    expect(JSON.stringify(outsider)).not.toContain('aqz-KE-bpKQ');
    for (const user of [member, owner]) {
      expect(await seen(user)).toMatchObject({
        videoUrl: youtube,
        links: [{ title: 'Apostila', url: 'https://exemplo.com.br/apostila.pdf', type: 'download' }],
        canWatch: true,
      });
    }
  });

  it('treats an expired or left membership as no membership', async () => {
    const expired = await createUser(t.app);
    const left = await createUser(t.app);
    for (const user of [expired, left]) cookies.set(user.id, await signedInAs(t.app, user));
    await addMember(t.app, paidGroup, expired, { expiresAt: new Date(Date.now() - 60_000) });
    await addMember(t.app, paidGroup, left, { status: 'left', leftAt: new Date() });
    const video = await insertVideo(paidGroup);
    for (const user of [expired, left]) {
      expect((await call(user, 'GET', videoAt(paidGroup, video.id))).json().data).toMatchObject({
        videoUrl: null,
        canWatch: false,
      });
    }
  });

  it('lets only members watch the videos of a free group; others see the card and the way in', async () => {
    const video = await insertVideo(freeGroup);
    expect((await call(stranger, 'GET', videoAt(freeGroup, video.id))).json().data).toMatchObject({
      videoUrl: null,
      canWatch: false,
      group: { id: freeGroup.id, isPaid: false },
    });
    await addMember(t.app, freeGroup, stranger);
    expect((await call(stranger, 'GET', videoAt(freeGroup, video.id))).json().data).toMatchObject({
      videoUrl: youtube,
      links: [],
      canWatch: true,
    });
  });

  it('shows a hidden video to its owner only', async () => {
    const video = await insertVideo(paidGroup, { isVisible: false });
    for (const user of [member, stranger]) {
      const res = await call(user, 'GET', videoAt(paidGroup, video.id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: VIDEO_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    expect((await call(owner, 'GET', videoAt(paidGroup, video.id))).json().data.isVisible).toBe(false);
  });

  it("answers 404 for unknown and malformed ids and for another group's video", async () => {
    const video = await insertVideo(freeGroup);
    for (const url of [
      videoAt(freeGroup, '6b0f7a52-9d55-4c1e-8f60-2f4f2b0c9a11'),
      videoAt(freeGroup, 'nao-e-um-id'),
      videoAt(freeGroup, '%27%20or%201%3D1'),
      videoAt(paidGroup, video.id),
    ]) {
      const res = await call(member, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(VIDEO_MESSAGES.notFound);
    }
    for (const groupId of ['6b0f7a52-9d55-4c1e-8f60-2f4f2b0c9a11', 'grupo']) {
      const res = await call(member, 'GET', `/api/study-groups/${groupId}/videos/${video.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(GROUP_MESSAGES.notFound);
    }
  });

  it("keeps an inactive group's videos for its owner and members", async () => {
    const inactive = await createGroup(t.app, owner, { isActive: false });
    await addMember(t.app, inactive, member);
    const video = await insertVideo(inactive);
    expect((await call(stranger, 'GET', videoAt(inactive, video.id))).statusCode).toBe(404);
    expect((await call(member, 'GET', videoAt(inactive, video.id))).statusCode).toBe(200);
    expect((await call(owner, 'GET', videoAt(inactive, video.id))).statusCode).toBe(200);
  });
});

describe('views', () => {
  const viewsOf = async (user: User, group: Group, videoId: string) => {
    const res = await call(user, 'GET', videoAt(group, videoId));
    expect(res.statusCode).toBe(200);
    return res.json().data.views as number;
  };
  const storedViews = async (videoId: string) => {
    const [row] = await t.app.ctx.database.db
      .select({ views: groupVideos.views })
      .from(groupVideos)
      .where(eq(groupVideos.id, videoId));
    return row?.views;
  };

  it('counts one view per user per day, and shows each viewer the count with their own view', async () => {
    const video = await insertVideo(freeGroup);
    for (const user of [member, stranger]) await addMember(t.app, freeGroup, user);
    expect(await viewsOf(member, freeGroup, video.id)).toBe(1);
    expect(await viewsOf(member, freeGroup, video.id)).toBe(1);
    expect(await viewsOf(stranger, freeGroup, video.id)).toBe(2);
    expect(await viewsOf(member, freeGroup, video.id)).toBe(2);
    expect(await storedViews(video.id)).toBe(2);
    // The library shows the same count to everyone.
    expect((await library(owner)).data).toMatchObject([{ id: video.id, views: 2 }]);
  });

  it('counts the same user again on another (Brasília) day', async () => {
    const video = await insertVideo(freeGroup);
    await addMember(t.app, freeGroup, member);
    await viewsOf(member, freeGroup, video.id);
    const db = t.app.ctx.database.db;
    const [view] = await db.select().from(groupVideoViews);
    expect(view?.day).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()),
    );
    await db.update(groupVideoViews).set({ day: '2025-10-31' });
    expect(await viewsOf(member, freeGroup, video.id)).toBe(2);
    expect(await db.select().from(groupVideoViews)).toHaveLength(2);
  });

  it('counts a burst of simultaneous requests by one user once', async () => {
    const video = await insertVideo(freeGroup);
    await addMember(t.app, freeGroup, member);
    await Promise.all(Array.from({ length: 5 }, () => call(member, 'GET', videoAt(freeGroup, video.id))));
    expect(await storedViews(video.id)).toBe(1);
  });

  it("does not count the owner's own checks nor a non-member who only sees the card", async () => {
    const video = await insertVideo(paidGroup);
    expect(await viewsOf(owner, paidGroup, video.id)).toBe(0);
    expect(await viewsOf(stranger, paidGroup, video.id)).toBe(0);
    expect(await viewsOf(member, paidGroup, video.id)).toBe(1);
    expect(await viewsOf(owner, paidGroup, video.id)).toBe(1);
  });
});

describe('GET /api/study-groups/{groupId}/videos', () => {
  it('lists the visible videos newest first to members and the owner, and refuses outsiders (403)', async () => {
    await insertVideo(paidGroup, { title: 'Primeira' });
    await insertVideo(paidGroup, { title: 'Oculta', isVisible: false });
    await insertVideo(paidGroup, { title: 'Segunda' });
    const list = async (user: User) => {
      const res = await call(user, 'GET', videosOf(paidGroup));
      expect(res.statusCode).toBe(200);
      return (res.json().data as unknown[]).map((item) => groupVideoSchema.parse(item));
    };
    const outsider = await call(stranger, 'GET', videosOf(paidGroup));
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ error: GROUP_MESSAGES.membersOnly, code: 'FORBIDDEN' });
    expect((await list(member)).map((v) => [v.title, v.videoUrl])).toEqual([
      ['Segunda', youtube],
      ['Primeira', youtube],
    ]);
    expect((await list(owner)).map((v) => [v.title, v.isVisible])).toEqual([
      ['Segunda', true],
      ['Oculta', false],
      ['Primeira', true],
    ]);
  });

  it('pages, answers 404 for an unknown group and 403 for an inactive one to outsiders', async () => {
    await addMember(t.app, freeGroup, member);
    for (let n = 1; n <= 3; n++) await insertVideo(freeGroup, { title: `Aula ${n}` });
    const first = await call(member, 'GET', `${videosOf(freeGroup)}?limit=2`);
    expect(first.json()).toMatchObject({ hasMore: true, data: [{ title: 'Aula 3' }, { title: 'Aula 2' }] });
    const second = await call(member, 'GET', `${videosOf(freeGroup)}?limit=2&page=2`);
    expect(second.json()).toMatchObject({ hasMore: false, data: [{ title: 'Aula 1' }] });
    expect((await call(member, 'GET', `${videosOf(freeGroup)}?limit=99`)).statusCode).toBe(400);
    expect((await call(stranger, 'GET', '/api/study-groups/abc/videos')).statusCode).toBe(404);

    const inactive = await createGroup(t.app, owner, { isActive: false });
    await insertVideo(inactive);
    expect((await call(stranger, 'GET', videosOf(inactive))).statusCode).toBe(403);
    expect((await call(owner, 'GET', videosOf(inactive))).json().data).toHaveLength(1);
  });
});

describe('PATCH and DELETE /api/study-groups/{groupId}/videos/{videoId}', () => {
  it('lets the owner edit a video, and search follows the new words', async () => {
    const video = await insertVideo(freeGroup, { title: 'Rascunho' });
    const res = await call(owner, 'PATCH', videoAt(freeGroup, video.id), {
      title: 'Revisão de óptica',
      category: 'revisao',
      duration: 3_725,
      links: [{ title: 'Resumo', url: 'https://exemplo.com.br/resumo', type: 'link' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Revisão de óptica',
      category: 'revisao',
      duration: 3_725,
      videoUrl: youtube,
      links: [{ title: 'Resumo', url: 'https://exemplo.com.br/resumo', type: 'link' }],
    });
    expect((await library(stranger, '?category=revisao&search=optica')).titles).toEqual([
      'Revisão de óptica',
    ]);
    expect((await library(stranger, '?search=rascunho')).titles).toEqual([]);
  });

  it('hides a video from everyone but the owner, and shows it again', async () => {
    const video = await insertVideo(paidGroup, { title: 'Aula de pilhas' });
    const hide = await call(owner, 'PATCH', videoAt(paidGroup, video.id), { isVisible: false });
    expect(hide.json().data.isVisible).toBe(false);
    expect((await library(member)).titles).toEqual([]);
    expect((await call(member, 'GET', videoAt(paidGroup, video.id))).statusCode).toBe(404);
    await call(owner, 'PATCH', videoAt(paidGroup, video.id), { isVisible: true });
    expect((await library(member)).titles).toEqual(['Aula de pilhas']);
    expect((await call(member, 'GET', videoAt(paidGroup, video.id))).statusCode).toBe(200);
  });

  it('refuses edits by others (403), bad input (400) and unknown videos (404)', async () => {
    const video = await insertVideo(paidGroup, { title: 'Original' });
    for (const user of [member, stranger]) {
      const res = await call(user, 'PATCH', videoAt(paidGroup, video.id), { title: 'Invadido' });
      expect(res.statusCode).toBe(403);
      expect((await call(user, 'DELETE', videoAt(paidGroup, video.id))).statusCode).toBe(403);
    }
    const bad = await call(owner, 'PATCH', videoAt(paidGroup, video.id), { videoUrl: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(VIDEO_MESSAGES.videoUrlInvalid);
    expect((await call(owner, 'PATCH', videoAt(paidGroup, video.id), { views: 1_000 })).statusCode).toBe(400);
    for (const id of ['6b0f7a52-9d55-4c1e-8f60-2f4f2b0c9a11', 'nao-e-um-id']) {
      expect((await call(owner, 'PATCH', videoAt(paidGroup, id), { title: 'X' })).statusCode).toBe(404);
      expect((await call(owner, 'DELETE', videoAt(paidGroup, id))).statusCode).toBe(404);
    }
    expect((await call(owner, 'PATCH', videoAt(freeGroup, video.id), { title: 'X' })).statusCode).toBe(404);
    expect((await call(owner, 'GET', videoAt(paidGroup, video.id))).json().data.title).toBe('Original');
  });

  it('lets the owner delete a video, its views going with it', async () => {
    const video = await insertVideo(freeGroup);
    await call(member, 'GET', videoAt(freeGroup, video.id));
    const res = await call(owner, 'DELETE', videoAt(freeGroup, video.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: video.id } });
    expect((await call(member, 'GET', videoAt(freeGroup, video.id))).statusCode).toBe(404);
    expect(await t.app.ctx.database.db.select().from(groupVideoViews)).toHaveLength(0);
    expect((await call(owner, 'DELETE', videoAt(freeGroup, video.id))).statusCode).toBe(404);
  });
});

describe('embedded players', () => {
  it('are allowed by the CSP for youtube-nocookie.com and player.vimeo.com only, with https images', async () => {
    const res = await call(stranger, 'GET', '/api/videos');
    const csp = String(res.headers['content-security-policy']);
    const frameSrc = csp.split(';').find((directive) => directive.trim().startsWith('frame-src'));
    expect(frameSrc?.trim()).toBe('frame-src https://www.youtube-nocookie.com https://player.vimeo.com');
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(csp).toMatch(/media-src [^;]*https:/);
  });
});
