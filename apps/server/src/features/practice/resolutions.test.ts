import {
  bankQuestionSchema,
  PRACTICE_MESSAGES,
  pageOf,
  RESOLUTION_CONTENT_MAX,
  resolutionListSchema,
  STUDY_LOOP_MESSAGES,
} from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import {
  as,
  createGroup,
  createMinor,
  createPost,
  createUser,
  uploadedMedia,
} from '../../../test/factories.ts';
import {
  mediaUploads,
  notifications,
  questionResolutions,
  type StoredQuestion,
} from '../../db/schema/index.ts';

// Issue 40: resolutions under every bank question, their votes, the best one, the notifications and
// the bank's 'com resolução' filter.

type User = Awaited<ReturnType<typeof createUser>>;
type Client = Awaited<ReturnType<typeof as>>;
let t: TestApp;
let carla: User; // a verified professor, the question's author
let diego: User; // a verified tutor
let ana: User; // a student who answered wrong
let bruno: User; // a student who answered right
let eva: User; // a student who has not answered
let api: Record<'carla' | 'diego' | 'ana' | 'bruno' | 'eva', Client>;
let postId: string;

beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  carla = await createUser(t.app, { userType: 'professor', isVerified: true, displayName: 'Carla' });
  diego = await createUser(t.app, { userType: 'tutor', isVerified: true, displayName: 'Diego' });
  ana = await createUser(t.app, { displayName: 'Ana' });
  bruno = await createUser(t.app, { displayName: 'Bruno' });
  eva = await createUser(t.app, { displayName: 'Eva' });
  api = {
    carla: await as(t.app, carla),
    diego: await as(t.app, diego),
    ana: await as(t.app, ana),
    bruno: await as(t.app, bruno),
    eva: await as(t.app, eva),
  };
  postId = (
    await createPost(t.app, carla, { type: 'question', questionData: q('Qual é o zero de f(x) = 2x − 6?') })
  ).id;
  await answer(api.ana, postId, 2);
  await answer(api.bruno, postId, 0);
  await answer(api.diego, postId, 0);
});
afterAll(async () => {
  await t.app.close();
});

const q = (question: string): StoredQuestion => ({
  question,
  options: ['3', '6', '−3', '2'],
  correctAnswer: 0,
  explanation: 'Basta resolver 2x − 6 = 0.',
  subject: 'matematica',
  topic: 'Funções',
});

async function answer(client: Client, id: string, optionIndex: number) {
  const res = await client.post(`/api/posts/${id}/answer`, { optionIndex });
  expect(res.statusCode).toBe(201);
}

async function write(client: Client, content: string, id = postId) {
  const res = await client.post(`/api/posts/${id}/resolutions`, { content });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; isTeacher: boolean; votes: number; accepted: boolean };
}

async function list(client: Client, id = postId) {
  const res = await client.get(`/api/posts/${id}/resolutions`);
  expect(res.statusCode).toBe(200);
  return resolutionListSchema.parse(res.json()).data;
}

const stored = () => t.app.ctx.database.db.select().from(questionResolutions);

describe('GET and POST /api/posts/{postId}/resolutions', () => {
  it('answers 403 ANSWER_FIRST before the viewer answered, and lets the question’s author read', async () => {
    await write(api.ana, 'Isolando x: 2x = 6, logo x = 3.');
    const before = await api.eva.get(`/api/posts/${postId}/resolutions`);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ error: PRACTICE_MESSAGES.answerFirst, code: 'ANSWER_FIRST' });
    const writing = await api.eva.post(`/api/posts/${postId}/resolutions`, { content: 'Chute.' });
    expect(writing.statusCode).toBe(403);
    expect(writing.json().code).toBe('ANSWER_FIRST');
    expect(await list(api.carla)).toHaveLength(1);
    await answer(api.eva, postId, 1);
    expect(await list(api.eva)).toHaveLength(1);
  });

  it('answers 404 for a question the viewer cannot see, an unknown or malformed id, a missing quiz index', async () => {
    const group = await createGroup(t.app, carla);
    const members = await createPost(t.app, carla, {
      type: 'question',
      questionData: q('Só para o grupo'),
      studyGroupId: group.id,
    });
    for (const url of [
      `/api/posts/${members.id}/resolutions`,
      `/api/posts/${crypto.randomUUID()}/resolutions`,
      '/api/posts/nao-e-um-id/resolutions',
      `/api/posts/${postId}/resolutions?questionIndex=3`,
    ]) {
      const res = await api.ana.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe(STUDY_LOOP_MESSAGES.questionNotFound);
    }
    const res = await api.ana.post(`/api/posts/${members.id}/resolutions`, { content: 'Resolução.' });
    expect(res.statusCode).toBe(404);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses an empty resolution, one over 5,000 characters and a bad index, storing nothing', async () => {
    const cases: [object, string][] = [
      [{ content: '   ' }, PRACTICE_MESSAGES.resolutionRequired],
      [{}, PRACTICE_MESSAGES.resolutionRequired],
      [{ content: 'x'.repeat(RESOLUTION_CONTENT_MAX + 1) }, PRACTICE_MESSAGES.resolutionTooLong],
      [{ content: 'Ok.', questionIndex: -1 }, STUDY_LOOP_MESSAGES.questionIndexInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await api.ana.post(`/api/posts/${postId}/resolutions`, payload as Record<string, unknown>);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(PRACTICE_MESSAGES.resolutionTooLong).toBe('A resolução deve ter no máximo 5.000 caracteres.');
    expect(await stored()).toHaveLength(0);
    const longest = await write(api.ana, 'x'.repeat(RESOLUTION_CONTENT_MAX));
    expect(longest.isTeacher).toBe(false);
  });

  it('lists teachers’ resolutions first, then by votes', async () => {
    const byAna = await write(api.ana, 'Resolução da Ana: x = 3.');
    const byBruno = await write(api.bruno, 'Resolução do Bruno: 2·3 − 6 = 0.');
    const byDiego = await write(api.diego, 'Resolução do Diego, tutor.');
    expect(byDiego.isTeacher).toBe(true);
    expect((await api.eva.get(`/api/posts/${postId}/resolutions`)).statusCode).toBe(403);
    expect((await api.carla.post(`/api/resolutions/${byBruno.id}/vote`)).statusCode).toBe(201);
    const rows = await list(api.ana);
    expect(rows.map((row) => row.id)).toEqual([byDiego.id, byBruno.id, byAna.id]);
    expect(rows[1]).toMatchObject({ votes: 1, votedByMe: false, author: { displayName: 'Bruno' } });
    expect((await list(api.carla))[1]).toMatchObject({ votedByMe: true });
  });

  it('tells those who answered wrong and the question’s author, nobody else', async () => {
    await write(api.diego, 'Resolução do Diego.');
    const titles = [PRACTICE_MESSAGES.newResolutionTitle, PRACTICE_MESSAGES.newResolutionOnYourQuestionTitle];
    const rows = (await t.app.ctx.database.db.select().from(notifications)).filter((row) =>
      titles.includes(row.title as never),
    );
    expect(rows).toHaveLength(2);
    const byUser = new Map(rows.map((row) => [row.userId, row.title]));
    expect(byUser.get(ana.id)).toBe('Nova resolução da questão que você errou');
    expect(byUser.get(carla.id)).toBe(PRACTICE_MESSAGES.newResolutionOnYourQuestionTitle);
    expect(byUser.has(bruno.id)).toBe(false);
    expect(byUser.has(diego.id)).toBe(false);
    expect(byUser.has(eva.id)).toBe(false);
  });
});

describe('PATCH and DELETE /api/resolutions/{id}', () => {
  it('lets only the author change or delete it', async () => {
    const mine = await write(api.ana, 'Primeira versão.');
    const other = await api.bruno.patch(`/api/resolutions/${mine.id}`, { content: 'Invasão.' });
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe(PRACTICE_MESSAGES.notYourResolution);
    const empty = await api.ana.patch(`/api/resolutions/${mine.id}`, { content: '' });
    expect(empty.statusCode).toBe(400);
    const edited = await api.ana.patch(`/api/resolutions/${mine.id}`, { content: 'Segunda versão.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.content).toBe('Segunda versão.');
    expect((await api.bruno.del(`/api/resolutions/${mine.id}`)).statusCode).toBe(403);
    expect(await stored()).toHaveLength(1);
    expect((await api.ana.del(`/api/resolutions/${mine.id}`)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(0);
    const gone = await api.ana.patch(`/api/resolutions/${mine.id}`, { content: 'De novo.' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe(PRACTICE_MESSAGES.resolutionNotFound);
    expect((await api.ana.del('/api/resolutions/qualquer')).statusCode).toBe(404);
  });
});

describe('POST and DELETE /api/resolutions/{id}/vote', () => {
  it('counts one vote per person, 409 twice, 403 on one’s own, 403 before answering', async () => {
    const mine = await write(api.ana, 'Resolução da Ana.');
    const own = await api.ana.post(`/api/resolutions/${mine.id}/vote`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe(PRACTICE_MESSAGES.ownResolutionVote);
    const first = await api.bruno.post(`/api/resolutions/${mine.id}/vote`);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ votes: 1, votedByMe: true });
    const twice = await api.bruno.post(`/api/resolutions/${mine.id}/vote`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(PRACTICE_MESSAGES.alreadyVoted);
    expect((await api.eva.post(`/api/resolutions/${mine.id}/vote`)).json().code).toBe('ANSWER_FIRST');
    const undone = await api.bruno.del(`/api/resolutions/${mine.id}/vote`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toMatchObject({ votes: 0, votedByMe: false });
    const again = await api.bruno.del(`/api/resolutions/${mine.id}/vote`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PRACTICE_MESSAGES.notVoted);
    const [row] = await stored();
    expect(row!.votesCount).toBe(0);
  });
});

describe('POST /api/resolutions/{id}/accept', () => {
  it('lets the question’s author or a teacher mark one best resolution; a student on someone else’s, 403', async () => {
    const byAna = await write(api.ana, 'Resolução da Ana.');
    const byBruno = await write(api.bruno, 'Resolução do Bruno.');
    const student = await api.bruno.post(`/api/resolutions/${byAna.id}/accept`);
    expect(student.statusCode).toBe(403);
    expect(student.json().error).toBe(PRACTICE_MESSAGES.acceptForbidden);
    expect((await api.carla.post(`/api/resolutions/${byAna.id}/accept`)).json().data.accepted).toBe(true);
    expect((await api.diego.post(`/api/resolutions/${byBruno.id}/accept`)).json().data.accepted).toBe(true);
    const rows = await stored();
    expect(rows.filter((row) => row.accepted).map((row) => row.id)).toEqual([byBruno.id]);

    // A student's own question: they choose its best resolution.
    const own = await createPost(t.app, bruno, { type: 'question', questionData: q('A questão do Bruno') });
    await answer(api.ana, own.id, 1);
    const onOwn = await write(api.ana, 'Resolução da Ana na questão do Bruno.', own.id);
    expect((await api.bruno.post(`/api/resolutions/${onOwn.id}/accept`)).statusCode).toBe(200);
    const [accepted] = await t.app.ctx.database.db
      .select()
      .from(questionResolutions)
      .where(eq(questionResolutions.id, onOwn.id));
    expect(accepted!.accepted).toBe(true);
  });
});

describe("GET /api/questions?hasResolution=true ('com resolução')", () => {
  it('keeps only questions with a resolution, and refuses a bad value', async () => {
    const other = await createPost(t.app, carla, { type: 'question', questionData: q('Sem resolução') });
    await write(api.ana, 'Resolução da Ana.');
    const page = pageOf(bankQuestionSchema);
    const all = page.parse((await api.ana.get('/api/questions')).json());
    expect(all.data.map((item) => item.postId).sort()).toEqual([postId, other.id].sort());
    const only = page.parse((await api.ana.get('/api/questions?hasResolution=true')).json());
    expect(only.data.map((item) => item.postId)).toEqual([postId]);
    const bad = await api.ana.get('/api/questions?hasResolution=talvez');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(STUDY_LOOP_MESSAGES.hasResolutionInvalid);
  });
});

describe('images in resolutions (issue 40: "with LaTeX and images")', () => {
  const fetchFile = (client: Client | null, url: string) =>
    t.app.inject({
      method: 'GET',
      url: new URL(url).pathname,
      headers: client ? { cookie: client.cookie } : {},
    });

  it("takes only the author's own resolution uploads and shows them to who may read the resolution", async () => {
    const own = await uploadedMedia(t.app, diego, 'resolution_image');
    const others = await uploadedMedia(t.app, ana, 'resolution_image');
    const postPhoto = await uploadedMedia(t.app, diego, 'post_image');
    for (const mediaUrls of [['https://exemplo.com.br/figura.png'], [others], [postPhoto]]) {
      const res = await api.diego.post(`/api/posts/${postId}/resolutions`, {
        content: 'Veja a figura.',
        mediaUrls,
      });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { error: PRACTICE_MESSAGES.resolutionImagesNotUploaded, code: 'MEDIA_NOT_UPLOADED' },
      ]);
    }
    const tooMany = await api.diego.post(`/api/posts/${postId}/resolutions`, {
      content: 'Cinco figuras.',
      mediaUrls: Array.from({ length: 5 }, (_, i) => `${own}?${i}`),
    });
    expect([tooMany.statusCode, tooMany.json().error]).toEqual([400, PRACTICE_MESSAGES.resolutionImagesMax]);
    expect(await t.app.ctx.database.db.$count(questionResolutions)).toBe(0);

    const res = await api.diego.post(`/api/posts/${postId}/resolutions`, {
      content: 'O gráfico corta o eixo em $x = 3$.',
      mediaUrls: [own],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.media).toEqual([{ url: own, sensitivity: 'ok' }]);
    expect((await list(api.ana))[0]?.media).toEqual([{ url: own, sensitivity: 'ok' }]);
    // Who answered, the question's author and the uploader read the file; who has not answered
    // (the key would show), a stranger signed out, not.
    for (const client of [api.ana, api.carla, api.diego])
      expect((await fetchFile(client, own)).statusCode).toBe(200);
    expect((await fetchFile(api.eva, own)).statusCode).toBe(404);
    expect((await fetchFile(null, own)).statusCode).toBe(404);

    // Editing keeps or replaces them, under the same rule.
    const id = res.json().data.id;
    const bad = await api.diego.patch(`/api/resolutions/${id}`, { content: 'Outra.', mediaUrls: [others] });
    expect([bad.statusCode, bad.json().error]).toEqual([400, PRACTICE_MESSAGES.resolutionImagesNotUploaded]);
    const cleared = await api.diego.patch(`/api/resolutions/${id}`, {
      content: 'Sem figura.',
      mediaUrls: [],
    });
    expect(cleared.json().data.media).toEqual([]);
  });

  it('never sends a minor the address of a sensitive image of a resolution, nor its file', async () => {
    const image = await uploadedMedia(t.app, diego, 'resolution_image');
    await write(api.ana, 'Primeiro a da Ana.');
    const res = await api.diego.post(`/api/posts/${postId}/resolutions`, {
      content: 'Figura.',
      mediaUrls: [image],
    });
    expect(res.statusCode).toBe(201);
    // As the image check leaves an image it scores as sensitive (the real model: sensitive-images.test.ts).
    await t.app.ctx.database.db.update(mediaUploads).set({ sensitivity: 'sensitive' });
    const teen = await createMinor(t.app, 15);
    const teenApi = await as(t.app, teen);
    await answer(teenApi, postId, 1);
    const reply = await teenApi.get(`/api/posts/${postId}/resolutions`);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).not.toContain(image.split('/').pop());
    expect(
      resolutionListSchema.parse(reply.json()).data.find((item) => item.id === res.json().data.id)?.media,
    ).toEqual([{ url: null, sensitivity: 'sensitive' }]);
    expect((await fetchFile(teenApi, image)).statusCode).toBe(404);
    expect((await fetchFile(api.ana, image)).statusCode).toBe(200);
  });
});
