import { IMPORT_MESSAGES, POST_MESSAGES } from '@estudai/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { fixture, postImport } from '../../../test/imports.ts';
import { posts, questionImports } from '../../db/schema/index.ts';

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
async function postCount(where = sql`true`) {
  const [row] = await db().select({ n: count() }).from(posts).where(where);
  return row?.n ?? 0;
}
async function importCount() {
  const [row] = await db().select({ n: count() }).from(questionImports);
  return row?.n ?? 0;
}
const preview = (file: string, fields: Record<string, string>, as = cookie) =>
  postImport(t.app, as, { as: 'questions', ...fields }, { name: file, content: fixture(file) });
const confirm = (id: string, as = cookie) =>
  t.app.inject({ method: 'POST', url: `/api/question-imports/${id}/confirm`, headers: { cookie: as } });
const statusOf = (id: string) =>
  t.app.inject({ method: 'GET', url: `/api/question-imports/${id}`, headers: { cookie } });

/** Confirms and runs the job as a worker would; answers the final status. */
async function confirmAndRun(id: string) {
  const res = await confirm(id);
  expect(res.statusCode).toBe(202);
  await t.app.ctx.jobs.drain();
  return (await statusOf(id)).json().data;
}

describe('Moodle XML', () => {
  it('previews every question (LaTeX kept, categories, tags as metadata) and the bad one with its line', async () => {
    const res = await preview('moodle-one-bad.xml', { format: 'moodle_xml', groupId });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ status: 'preview', duplicates: 0 });
    expect(data.items).toHaveLength(4);
    expect(data.items[0]).toEqual({
      question: 'Qual é a raiz de $f(x) = 2x - 6$?',
      options: ['x = -3', 'x = 2', 'x = 3', 'x = 6'],
      correctAnswer: 2,
      explanation: 'Basta resolver \\(2x - 6 = 0\\), logo \\(x = 3\\).',
      subject: 'matematica',
      topic: 'Função afim',
      exam: 'enem',
      year: 2022,
      category: 'Funções',
    });
    expect(data.items[1].question).toBe('O vértice de $$y = x^2 - 4x + 3$$ tem abscissa:');
    expect(data.items[2]).toMatchObject({
      options: ['Verdadeiro', 'Falso'],
      correctAnswer: 0,
      category: 'Cinemática',
    });
    expect(data.items[3].question).toBe('Um carro percorre 120 km em 2 h.\nQual é a velocidade média?');
    expect(data.errors).toEqual([{ line: 60, message: POST_MESSAGES.questionOptions }]);
    // A preview creates nothing.
    expect(await postCount()).toBe(0);
  });

  it('creates the question posts in the group through the job, with its progress', async () => {
    const { id } = (await preview('moodle-one-bad.xml', { format: 'moodle_xml', groupId })).json().data;
    expect((await statusOf(id)).json().data).toMatchObject({
      status: 'preview',
      done: 0,
      total: 4,
      created: 0,
    });
    const done = await confirmAndRun(id);
    expect(done).toMatchObject({ status: 'done', done: 4, total: 4, created: 4 });
    expect(await postCount(and(eq(posts.studyGroupId, groupId), eq(posts.type, 'question')))).toBe(4);
    const [first] = await db()
      .select({ questionData: posts.questionData, authorId: posts.authorId })
      .from(posts)
      .where(sql`${posts.questionData}->>'question' like 'Qual é a raiz%'`);
    expect(first).toMatchObject({
      authorId: teacher.id,
      questionData: { correctAnswer: 2, year: 2022, topic: 'Função afim' },
    });
    expect(first?.questionData).not.toHaveProperty('category');
  });

  it('makes one quiz per Moodle category when the teacher chooses a quiz', async () => {
    const { id } = (await preview('moodle-one-bad.xml', { format: 'moodle_xml', groupId, as: 'quiz' })).json()
      .data;
    expect(await confirmAndRun(id)).toMatchObject({ status: 'done', done: 4, created: 2 });
    const quizzes = await db()
      .select({ data: posts.questionSetData })
      .from(posts)
      .where(eq(posts.type, 'question_set'))
      .orderBy(sql`${posts.questionSetData}->>'title'`);
    expect(quizzes.map((quiz) => [quiz.data?.title, quiz.data?.questions.length])).toEqual([
      ['Cinemática', 2],
      ['Funções', 2],
    ]);
  });

  it('reports unsupported types and keys that are not one right answer, with their lines', async () => {
    const res = await preview('moodle-unsupported.xml', { format: 'moodle_xml' });
    expect(res.json().data.errors).toEqual([
      { line: 3, message: IMPORT_MESSAGES.unsupportedType },
      { line: 7, message: IMPORT_MESSAGES.manyCorrect },
      { line: 13, message: IMPORT_MESSAGES.noCorrect },
    ]);
    // Nothing to import: confirming is refused.
    const refused = await confirm(res.json().data.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(IMPORT_MESSAGES.nothingToImport);
  });
});

describe('GIFT, Aiken and CSV', () => {
  it('GIFT: multiple choice (with weights, feedback, escapes), true/false, and what it cannot import', async () => {
    const data = (await preview('questions.gift', { format: 'gift' })).json().data;
    expect(data.items).toHaveLength(6);
    expect(data.items[0]).toEqual({
      question: 'Qual é o número atômico do carbono?',
      options: ['4', '6', '12', '14'],
      correctAnswer: 1,
      explanation: 'O carbono tem 6 prótons: $Z = 6$.',
      category: 'Química',
    });
    expect(data.items[1].question).toBe('A fórmula da água é \\(H_2O\\) e a do gás carbônico é:');
    expect(data.items[2]).toMatchObject({
      options: ['Verdadeiro', 'Falso'],
      correctAnswer: 0,
      category: 'História',
    });
    expect(data.items[3]).toMatchObject({ correctAnswer: 1 });
    expect(data.items[4]).toMatchObject({
      options: ['Brasília', 'Rio Grande do Sul', 'São Paulo (estado)'],
      correctAnswer: 0,
    });
    expect(data.items[5]).toMatchObject({
      question: 'Quanto é 1 = 1? Use {chaves} e #hashtags:',
      options: ['Verdadeiro, 1 = 1', 'Falso'],
    });
    expect(data.errors).toEqual([
      { line: 28, message: IMPORT_MESSAGES.noCorrect },
      { line: 30, message: IMPORT_MESSAGES.unsupportedType },
    ]);
  });

  it('Aiken: a key outside the options, one option, and a missing ANSWER line each on their line', async () => {
    const data = (await preview('questions-aiken.txt', { format: 'aiken' })).json().data;
    expect(data.items.map((item: { correctAnswer: number }) => item.correctAnswer)).toEqual([2, 0]);
    expect(data.items[1].options).toHaveLength(5);
    expect(data.errors).toEqual([
      { line: 16, message: POST_MESSAGES.correctAnswerRange },
      { line: 23, message: POST_MESSAGES.questionOptions },
      { line: 27, message: IMPORT_MESSAGES.keyMissing },
    ]);
  });

  it('CSV template: options A–E, key, explanation and metadata (labels or slugs), the bad row by line', async () => {
    const data = (await preview('questions.csv', { format: 'csv' })).json().data;
    expect(data.items).toHaveLength(3);
    expect(data.items[0]).toEqual({
      question: 'Qual organela produz ATP?',
      options: ['Mitocôndria', 'Ribossomo', 'Lisossomo', 'Complexo golgiense', 'Centríolo'],
      correctAnswer: 0,
      explanation: 'A respiração celular ocorre na mitocôndria.',
      subject: 'biologia',
      topic: 'Citologia',
      exam: 'enem',
      year: 2021,
    });
    expect(data.items[1].options).toEqual(['$\\frac{3}{4}$', '$\\frac{2}{6}$', '$\\frac{1}{8}$']);
    expect(data.errors).toEqual([{ line: 4, message: POST_MESSAGES.correctAnswerRange }]);
  });

  it('imports as the teacher’s own public posts without a group', async () => {
    const { id } = (await preview('questions.csv', { format: 'csv' })).json().data;
    expect(await confirmAndRun(id)).toMatchObject({ status: 'done', created: 3 });
    expect(await postCount(and(eq(posts.authorId, teacher.id), sql`${posts.studyGroupId} is null`))).toBe(3);
  });
});

describe('bad input changes nothing', () => {
  it.each([
    ['moodle_xml', 'moodle-malformed.xml', IMPORT_MESSAGES.notMoodleXml],
    ['gift', 'malformed.gift', IMPORT_MESSAGES.notGift],
    ['aiken', 'malformed-aiken.txt', IMPORT_MESSAGES.notAiken],
    ['csv', 'malformed.csv', IMPORT_MESSAGES.notCsv],
    // A valid file of another format is not the format chosen either.
    ['aiken', 'moodle-one-bad.xml', IMPORT_MESSAGES.notAiken],
    ['moodle_xml', 'questions.gift', IMPORT_MESSAGES.notMoodleXml],
  ])('refuses a file that is not %s (%s)', async (format, file, message) => {
    const res = await preview(file, { format, groupId });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await importCount()).toBe(0);
  });

  it('refuses a file over 10 MB (413)', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const res = await postImport(
      t.app,
      cookie,
      { format: 'gift', as: 'questions' },
      { name: 'grande.gift', content: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(IMPORT_MESSAGES.tooLarge);
    expect(await importCount()).toBe(0);
  });

  it('refuses a file with 501 questions', async () => {
    const block = (n: number) => `Questão ${n}?\nA) sim\nB) não\nANSWER: A\n`;
    const text = Array.from({ length: 501 }, (_, n) => block(n + 1)).join('\n');
    const res = await postImport(
      t.app,
      cookie,
      { format: 'aiken', as: 'questions' },
      { name: 'muitas.txt', content: Buffer.from(text) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(IMPORT_MESSAGES.tooManyQuestions);
    expect(await importCount()).toBe(0);
  });

  it('refuses a student (403), and a teacher in a group they do not teach (403)', async () => {
    const student = await createUser(t.app);
    await addMember(t.app, { id: groupId }, student);
    const asStudent = await signedInAs(t.app, student);
    const refused = await preview('moodle-one-bad.xml', { format: 'moodle_xml', groupId }, asStudent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(IMPORT_MESSAGES.forbidden);
    const other = await createUser(t.app, { userType: 'mentor' });
    const notTheirs = await preview(
      'moodle-one-bad.xml',
      { format: 'moodle_xml', groupId },
      await signedInAs(t.app, other),
    );
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error).toBe(IMPORT_MESSAGES.groupForbidden);
    expect(await importCount()).toBe(0);
  });

  it('refuses an unknown format and a missing file', async () => {
    const wrong = await preview('questions.csv', { format: 'xlsx' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(IMPORT_MESSAGES.formatInvalid);
    const { payload, contentType } = (await import('../../../test/imports.ts')).importForm({ format: 'csv' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/question-imports',
      headers: { cookie, 'content-type': contentType },
      payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(IMPORT_MESSAGES.fileRequired);
  });

  it('shows an import to its owner only, and confirms it once', async () => {
    const { id } = (await preview('questions.csv', { format: 'csv' })).json().data;
    const stranger = await signedInAs(t.app, await createUser(t.app, { userType: 'professor' }));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/question-imports/${id}`,
          headers: { cookie: stranger },
        })
      ).statusCode,
    ).toBe(404);
    expect((await confirm(id, stranger)).statusCode).toBe(404);
    await confirmAndRun(id);
    const again = await confirm(id);
    expect(again.statusCode).toBe(409);
    expect(await postCount()).toBe(3);
  });

  it('recognises the same file imported twice into the same place and skips it (já importadas)', async () => {
    const first = (await preview('moodle-one-bad.xml', { format: 'moodle_xml', groupId })).json().data;
    await confirmAndRun(first.id);
    const second = (await preview('moodle-one-bad.xml', { format: 'moodle_xml', groupId })).json().data;
    expect(second.duplicates).toBe(4);
    expect(await confirmAndRun(second.id)).toMatchObject({ status: 'done', created: 0 });
    expect(await postCount()).toBe(4);
    // Into another place (the teacher's own posts) it is a new import.
    const own = (await preview('moodle-one-bad.xml', { format: 'moodle_xml' })).json().data;
    expect(own.duplicates).toBe(0);
  });

  it('a job that fails midway removes every post it made, and the import is failed', async () => {
    const block = (n: number) => `Questão ${n}?\nA) sim\nB) não\nANSWER: A\n`;
    const text = `${Array.from({ length: 60 }, (_, n) => block(n + 1)).join('\n')}\nFALHA?\nA) sim\nB) não\nANSWER: A\n`;
    const res = await postImport(
      t.app,
      cookie,
      { format: 'aiken', as: 'questions', groupId },
      { name: 'falha.txt', content: Buffer.from(text) },
    );
    const { id } = res.json().data;
    // The database refuses the last question (after two chunks were committed).
    await t.app.ctx.database.query(`create or replace function refuse_falha() returns trigger language plpgsql as $$
      begin if new.question_data->>'question' = 'FALHA?' then raise exception 'falha de teste'; end if; return new; end $$`);
    await t.app.ctx.database.query(
      'create trigger refuse_falha before insert on posts for each row execute function refuse_falha()',
    );
    try {
      expect(await confirmAndRun(id)).toMatchObject({ status: 'failed', created: 0, done: 0 });
      expect(await postCount()).toBe(0);
    } finally {
      await t.app.ctx.database.query('drop trigger refuse_falha on posts');
      await t.app.ctx.database.query('drop function refuse_falha()');
    }
  });
});
