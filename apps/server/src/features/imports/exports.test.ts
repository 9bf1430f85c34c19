import { IMPORT_MESSAGES, SIMULADO_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetTestApp } from '../../../test/app.ts';
import { signedInAs } from '../../../test/factories.ts';
import { fixture, postImport } from '../../../test/imports.ts';
import {
  type SimuladoApp,
  type SimuladoWorld,
  simuladoApp,
  simuladoBody,
  simuladoWorld,
} from '../../../test/simulados.ts';

// Taking questions out (issue 42): the round trips Moodle XML → Estudaí → Moodle XML and GIFT → GIFT
// keep statements, options, keys and explanations; who may export a group's or a simulado's.

let app: SimuladoApp;
let w: SimuladoWorld;
let cookie: string;
beforeAll(async () => {
  app = await simuladoApp();
});
beforeEach(async () => {
  await resetTestApp(app.t);
  w = await simuladoWorld(app, { questions: 0 });
  cookie = await signedInAs(app.t.app, w.owner);
});
afterAll(async () => {
  await app.t.app.close();
});

const inject = () => app.t.app;
type Item = { question: string; options: string[]; correctAnswer: number; explanation?: string };
const essentials = (items: Item[]) =>
  items.map(({ question, options, correctAnswer, explanation }) => ({
    question,
    options,
    correctAnswer,
    explanation,
  }));

async function previewOf(format: string, name: string, content: Buffer, groupId?: string) {
  const res = await postImport(
    inject(),
    cookie,
    { format, as: 'questions', ...(groupId ? { groupId } : {}) },
    { name, content },
  );
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; items: Item[] };
}

async function importIntoGroup(format: string, file: string) {
  const preview = await previewOf(format, file, fixture(file), w.groupId);
  await inject().inject({
    method: 'POST',
    url: `/api/question-imports/${preview.id}/confirm`,
    headers: { cookie },
  });
  await inject().ctx.jobs.drain();
  return preview.items;
}

const download = (url: string, as = cookie) =>
  inject().inject({ method: 'GET', url, headers: { cookie: as } });

describe('round trips', () => {
  it('Moodle XML → Estudaí → Moodle XML gives back the same questions', async () => {
    const imported = await importIntoGroup('moodle_xml', 'moodle-one-bad.xml');
    const res = await download(`/api/question-exports?format=moodle_xml&groupId=${w.groupId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const again = await previewOf('moodle_xml', 'exportado.xml', res.rawPayload);
    expect(again.items).toHaveLength(4);
    expect(essentials(again.items)).toEqual(essentials(imported));
    // Metadata travels in Moodle tags.
    expect(again.items[0]).toMatchObject({
      subject: 'matematica',
      topic: 'Função afim',
      exam: 'enem',
      year: 2022,
    });
  });

  it('GIFT → Estudaí → GIFT gives back the same questions', async () => {
    const imported = await importIntoGroup('gift', 'questions.gift');
    const res = await download(`/api/question-exports?format=gift&groupId=${w.groupId}`);
    expect(res.statusCode).toBe(200);
    const again = await previewOf('gift', 'exportado.gift', res.rawPayload);
    expect(again.items).toHaveLength(6);
    expect(essentials(again.items)).toEqual(essentials(imported));
  });

  it('exports one’s own questions without a group (quizzes’ questions too)', async () => {
    const preview = await previewOf('csv', 'q.csv', fixture('questions.csv'));
    await inject().inject({
      method: 'POST',
      url: `/api/question-imports/${preview.id}/confirm`,
      headers: { cookie },
    });
    await inject().ctx.jobs.drain();
    const res = await download('/api/question-exports?format=gift');
    expect(res.statusCode).toBe(200);
    const again = await previewOf('gift', 'minhas.gift', res.rawPayload);
    expect(essentials(again.items)).toEqual(essentials(preview.items));
  });
});

describe('who may export', () => {
  it('refuses a member of the group (403) and an unknown format (400)', async () => {
    const member = w.members[0];
    if (!member) throw new Error('world without members');
    const refused = await download(
      `/api/question-exports?format=gift&groupId=${w.groupId}`,
      await signedInAs(inject(), member),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(IMPORT_MESSAGES.exportGroupForbidden);
    const wrong = await download('/api/question-exports?format=docx');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(IMPORT_MESSAGES.exportFormatInvalid);
  });

  it('exports a simulado’s questions to Moodle XML for whoever manages it; members are refused', async () => {
    await importIntoGroup('moodle_xml', 'moodle-one-bad.xml');
    const bank = await inject().ctx.database.query(
      `select id from posts where study_group_id = $1 and type = 'question' order by question_data->>'question'`,
      [w.groupId],
    );
    const questions = bank.rows.map((row) => ({ postId: String(row.id), questionIndex: null }));
    const created = await w.call(
      w.owner,
      'POST',
      `/api/study-groups/${w.groupId}/simulados`,
      simuladoBody(w, { questions }),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    const res = await download(`/api/simulados/${id}/export?format=moodle_xml`);
    expect(res.statusCode).toBe(200);
    const again = await previewOf('moodle_xml', 'simulado.xml', res.rawPayload);
    expect(again.items.map((item) => item.question)).toEqual(
      created
        .json()
        .data.questions.map((q: { questionData: { question: string } }) => q.questionData.question),
    );
    const member = w.members[0];
    if (!member) throw new Error('world without members');
    const refused = await download(
      `/api/simulados/${id}/export?format=moodle_xml`,
      await signedInAs(inject(), member),
    );
    // A draft is invisible to members: 404, as the simulado's other routes answer.
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(SIMULADO_MESSAGES.notFound);
  });

  it('a simulado of imported questions shows each image, prints it and exports it embedded', async () => {
    const imported = await importIntoGroup('moodle_xml', 'moodle-images.xml');
    const urls = (imported as (Item & { imageUrl?: string })[]).map((item) => item.imageUrl);
    const bank = await inject().ctx.database.query(
      `select id from posts where study_group_id = $1 and type = 'question' order by question_data->>'question'`,
      [w.groupId],
    );
    const questions = bank.rows.map((row) => ({ postId: String(row.id), questionIndex: null }));
    const created = await w.call(
      w.owner,
      'POST',
      `/api/study-groups/${w.groupId}/simulados`,
      simuladoBody(w, { questions }),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json().data;
    type Shown = { questionData: { question: string; image?: { url: string | null } } };
    const shown = (created.json().data.questions as Shown[]).map((q) => q.questionData.image?.url);
    expect(shown).toEqual([urls[1], urls[0]]);
    const print = await download(`/api/simulados/${id}/print`);
    expect(print.statusCode).toBe(200);
    expect(print.json().data.questions.map((q: { images: string[] }) => q.images)).toEqual([
      [urls[1]],
      [urls[0]],
    ]);
    const res = await download(`/api/simulados/${id}/export?format=moodle_xml`);
    expect(res.body).toContain('<file name="imagem-1.webp" path="/" encoding="base64">');
    const again = await previewOf('moodle_xml', 'simulado.xml', res.rawPayload);
    expect((again.items as (Item & { imageUrl?: string })[]).every((item) => item.imageUrl)).toBe(true);
  });
});
