import { IMPORT_MESSAGES } from '@estudai/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createMinor, createUser, signedInAs } from '../../../test/factories.ts';
import { fixture, postImport } from '../../../test/imports.ts';
import { mediaUploads, posts } from '../../db/schema/index.ts';

// Issue 42: a Moodle question's embedded image (base64 `<file>`) is stored as the teacher's own
// upload through the photos' checks, shown beside its own question in the group, the bank and the
// quiz through the image rule (no sensitive URL for a minor), served by the posts' rule, and
// embedded again when the questions are exported to Moodle XML.

let t: TestApp;
let teacher: Awaited<ReturnType<typeof createUser>>;
let cookie: string;
let groupId: string;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
  teacher = await createUser(t.app, { userType: 'professor', displayName: 'Carla Professora' });
  cookie = await signedInAs(t.app, teacher);
  groupId = (await createGroup(t.app, teacher)).id;
});
afterAll(async () => {
  await t.app.close();
});

const db = () => t.app.ctx.database.db;
const fileAt = (url: string, as?: string) =>
  t.app.inject({ method: 'GET', url: new URL(url).pathname, headers: as ? { cookie: as } : {} });

async function previewImages(fields: Record<string, string>) {
  const res = await postImport(
    t.app,
    cookie,
    { format: 'moodle_xml', as: 'questions', ...fields },
    { name: 'graficos.xml', content: fixture('moodle-images.xml') },
  );
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

async function confirmAndRun(id: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/question-imports/${id}/confirm`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(202);
  await t.app.ctx.jobs.drain();
}

describe('Moodle XML embedded images', () => {
  it('previews each question with its stored image, and a missing or broken <file> as an error line', async () => {
    const data = await previewImages({ groupId });
    expect(data.items).toHaveLength(2);
    expect(data.items[0]).toMatchObject({
      question: 'Observe o gráfico abaixo.\nQual é a cor das barras?',
      options: ['Azul', 'Vermelha', 'Verde'],
      imageUrl: expect.stringMatching(/\/media\/posts\/[a-f0-9]{32}\.webp$/),
    });
    expect(data.items[1]).toMatchObject({
      question: 'A figura é um quadrado laranja.',
      options: ['Verdadeiro', 'Falso'],
      imageUrl: expect.stringMatching(/\/media\/posts\//),
    });
    expect(data.errors).toEqual([
      { line: 23, message: IMPORT_MESSAGES.imageMissing },
      { line: 41, message: IMPORT_MESSAGES.imageUnreadable },
    ]);
    // Stored as the teacher's own photo uploads (re-encoded WebP), waiting for the image check.
    const uploads = await db().select().from(mediaUploads);
    expect(uploads.map((upload) => [upload.uploaderId, upload.purpose, upload.sensitivity])).toEqual([
      [teacher.id, 'post_image', 'pending'],
      [teacher.id, 'post_image', 'pending'],
    ]);
    // The teacher sees it in the preview; nobody else may load it.
    const image = await fileAt(data.items[0].imageUrl, cookie);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await fileAt(data.items[0].imageUrl)).statusCode).toBe(404);
  });

  it('a <file> that is valid base64 but no image is an error line, and nothing is stored for it', async () => {
    const xml = fixture('moodle-images.xml')
      .toString()
      .replace(
        'isto não é base64 @@@ nem PNG',
        Buffer.from('<svg onload="alert(1)"></svg>').toString('base64'),
      );
    const res = await postImport(
      t.app,
      cookie,
      { format: 'moodle_xml', as: 'questions' },
      { name: 'svg.xml', content: Buffer.from(xml) },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.errors).toContainEqual({ line: 41, message: IMPORT_MESSAGES.imageUnreadable });
    expect(await db().select().from(mediaUploads)).toHaveLength(2);
  });

  it('an image over 40 megapixels is an error line with its reason', async () => {
    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const xml = fixture('moodle-images.xml')
      .toString()
      .replace('isto não é base64 @@@ nem PNG', huge.toString('base64'));
    const res = await postImport(
      t.app,
      cookie,
      { format: 'moodle_xml', as: 'questions' },
      { name: 'enorme.xml', content: Buffer.from(xml) },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.errors).toContainEqual({ line: 41, message: IMPORT_MESSAGES.imageTooManyPixels });
  });

  it('shows each question with its image to a member, serves the file by the posts’ rule, and keeps a sensitive one from a minor', async () => {
    const member = await createUser(t.app, { displayName: 'Bruno Aluno' });
    const teen = await createMinor(t.app, 15, { displayName: 'Tina Teen' });
    const stranger = await createUser(t.app, { displayName: 'Sofia Estranha' });
    await addMember(t.app, { id: groupId }, member);
    await addMember(t.app, { id: groupId }, teen);
    const data = await previewImages({ groupId });
    await confirmAndRun(data.id);
    const [row] = await db()
      .select({ id: posts.id, mediaUrls: posts.mediaUrls, questionData: posts.questionData })
      .from(posts)
      .where(sql`${posts.questionData}->>'question' like 'Observe%'`);
    const url = data.items[0].imageUrl as string;
    expect(row?.mediaUrls).toEqual([url]);
    expect(row?.questionData?.imageUrl).toBe(url);

    const bruno = await as(t.app, member);
    const post = (await bruno.get(`/api/posts/${row?.id}`)).json().data;
    expect(post.questionData.image).toEqual({ url, sensitivity: expect.stringMatching(/^(pending|ok)$/) });
    const bank = (await bruno.get('/api/questions')).json().data as {
      questionData: { question: string; image?: { url: string | null } };
    }[];
    expect(
      bank.map((question) => [question.questionData.question, question.questionData.image?.url]),
    ).toEqual(
      expect.arrayContaining([
        ['Observe o gráfico abaixo.\nQual é a cor das barras?', url],
        ['A figura é um quadrado laranja.', data.items[1].imageUrl],
      ]),
    );
    expect((await fileAt(url, bruno.cookie)).statusCode).toBe(200);
    expect((await fileAt(url, await signedInAs(t.app, stranger))).statusCode).toBe(404);
    // Answered wrong, it goes to the caderno and comes back in 'Revisão de hoje' with its image.
    expect((await bruno.post(`/api/posts/${row?.id}/answer`, { optionIndex: 1 })).statusCode).toBe(201);
    const due = (await bruno.get('/api/reviews/due')).json().data as {
      question?: { questionData: { image?: { url: string | null } } };
    }[];
    expect(due.map((item) => item.question?.questionData.image?.url)).toEqual([url]);

    // The image check finds it sensitive: an adult still gets it (blurred), a minor neither URL nor file.
    await db().update(mediaUploads).set({ sensitivity: 'sensitive' });
    const tina = await as(t.app, teen);
    const teenPost = (await tina.get(`/api/posts/${row?.id}`)).json().data;
    expect(teenPost.questionData.image).toEqual({ url: null, sensitivity: 'sensitive' });
    expect(JSON.stringify(teenPost)).not.toContain(url);
    const teenBank = (await tina.get('/api/questions')).json().data as {
      questionData: { image?: unknown };
    }[];
    expect(teenBank.map((question) => question.questionData.image)).toContainEqual({
      url: null,
      sensitivity: 'sensitive',
    });
    expect((await fileAt(url, tina.cookie)).statusCode).toBe(404);
    expect((await bruno.get(`/api/posts/${row?.id}`)).json().data.questionData.image).toEqual({
      url,
      sensitivity: 'sensitive',
    });
  });

  it('keeps an imported question’s image when its author edits the question', async () => {
    const data = await previewImages({ groupId });
    await confirmAndRun(data.id);
    const [row] = await db()
      .select({ id: posts.id })
      .from(posts)
      .where(sql`${posts.questionData}->>'question' like 'Observe%'`);
    const carla = await as(t.app, teacher);
    const edited = await carla.patch(`/api/posts/${row?.id}`, {
      questionData: {
        question: 'De que cor são as barras?',
        options: ['Azul', 'Vermelha'],
        correctAnswer: 0,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.questionData).toMatchObject({
      question: 'De que cor são as barras?',
      image: { url: data.items[0].imageUrl },
    });
  });

  it('a quiz shows each image beside its own question', async () => {
    const member = await createUser(t.app, { displayName: 'Bruno Aluno' });
    await addMember(t.app, { id: groupId }, member);
    const data = await previewImages({ groupId, as: 'quiz' });
    await confirmAndRun(data.id);
    const [quiz] = await db().select().from(posts).where(eq(posts.type, 'question_set'));
    const bruno = await as(t.app, member);
    const shown = (await bruno.get(`/api/posts/${quiz?.id}`)).json().data;
    expect(
      shown.questionSetData.questions.map((question: { image?: { url: string } }) => question.image?.url),
    ).toEqual([data.items[0].imageUrl, data.items[1].imageUrl]);
    expect(quiz?.mediaUrls).toEqual([data.items[0].imageUrl, data.items[1].imageUrl]);
    expect((await fileAt(data.items[1].imageUrl, bruno.cookie)).statusCode).toBe(200);
  });

  it('a failed import removes its images with its posts', async () => {
    const data = await previewImages({ groupId });
    await t.app.ctx.database.query(`create or replace function refuse_laranja() returns trigger language plpgsql as $$
      begin if new.question_data->>'question' like '%laranja%' then raise exception 'falha de teste'; end if; return new; end $$`);
    await t.app.ctx.database.query(
      'create trigger refuse_laranja before insert on posts for each row execute function refuse_laranja()',
    );
    try {
      await confirmAndRun(data.id);
    } finally {
      await t.app.ctx.database.query('drop trigger refuse_laranja on posts');
      await t.app.ctx.database.query('drop function refuse_laranja()');
    }
    expect((await db().select().from(posts)).length).toBe(0);
    expect((await fileAt(data.items[0].imageUrl, cookie)).statusCode).toBe(404);
    await t.app.ctx.jobs.drain();
    expect(await db().select().from(mediaUploads)).toEqual([]);
  });

  it('exports the questions back to Moodle XML with their images embedded, and they import again', async () => {
    const data = await previewImages({ groupId });
    await confirmAndRun(data.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/question-exports?format=moodle_xml&groupId=${groupId}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<file name="imagem-1.webp" path="/" encoding="base64">');
    expect(res.body).toContain('@@PLUGINFILE@@/imagem-2.webp');
    const again = await postImport(
      t.app,
      cookie,
      { format: 'moodle_xml', as: 'questions' },
      { name: 'exportadas.xml', content: Buffer.from(res.body) },
    );
    const items = again.json().data.items as { question: string; imageUrl?: string }[];
    expect(again.json().data.errors).toEqual([]);
    expect(items.map((item) => [item.question, Boolean(item.imageUrl)])).toEqual([
      ['Observe o gráfico abaixo.\nQual é a cor das barras?', true],
      ['A figura é um quadrado laranja.', true],
    ]);
    expect(items[0]?.imageUrl).not.toBe(data.items[0].imageUrl);
  });
});
