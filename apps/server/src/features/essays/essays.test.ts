import {
  type CompetenciaScores,
  ESSAY_DEFAULT_INSTRUCTION,
  ESSAY_MESSAGES,
  EssayErrorCode,
  GROUP_MESSAGES,
} from '@estudai/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import {
  addMember,
  createGroup,
  createMinor,
  createUser,
  signedInAs,
  uploadedMedia,
} from '../../../test/factories.ts';
import {
  essayPrompts,
  essayReviews,
  essays,
  groupTeachers,
  mediaUploads,
  notifications,
} from '../../db/schema/index.ts';

const M = ESSAY_MESSAGES;
const HOUR = 3_600_000;
const T0 = new Date('2026-11-26T10:00:00-03:00');
type User = Awaited<ReturnType<typeof createUser>>;

let current = new Date(T0);
let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => new Date(current) });
});
beforeEach(async () => {
  await resetTestApp(t);
  cookies.clear();
  current = new Date(T0);
});
afterAll(async () => {
  await t.app.close();
});

// biome-ignore lint/suspicious/noExplicitAny: replies are read loosely, as app.inject's own json() is
type Reply = { statusCode: number; json: () => any; body: string };

async function call(
  user: { id: string },
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
): Promise<Reply> {
  let cookie = cookies.get(user.id);
  if (!cookie) {
    cookie = await signedInAs(t.app, user);
    cookies.set(user.id, cookie);
  }
  return t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
}

const s = (c1: number, c2 = c1, c3 = c1, c4 = c1, c5 = c1): CompetenciaScores => ({ c1, c2, c3, c4, c5 });
const REFERENCE = s(120, 160, 120, 80, 120);
const MOTIVATING =
  'A desigualdade no acesso à internet afeta a educação de milhões de estudantes brasileiros.';
/** An essay of `lines` sheet lines (each about 70 characters). */
const essayText = (lines: number, tag = '') =>
  Array.from(
    { length: lines },
    (_, i) => `Linha ${i + 1}${tag} da redação com argumentos e repertório sobre o tema.`,
  ).join('\n');

interface World {
  teacher: User;
  promptId: string;
}

async function world(): Promise<World> {
  const teacher = await createUser(t.app, {
    userType: 'professor',
    isVerified: true,
    displayName: 'Carla Professora',
  });
  const res = await call(teacher, 'POST', '/api/essay-prompts', {
    title: 'Os desafios do acesso à internet nas escolas',
    motivatingTexts: [{ text: MOTIVATING }],
  });
  expect(res.statusCode).toBe(201);
  return { teacher, promptId: res.json().data.id };
}

/** Control essays with the reference scores, written by the teacher. */
async function seedControls(w: World, n: number) {
  const { db } = t.app.ctx.database;
  for (let i = 0; i < n; i++) {
    await db.insert(essays).values({
      authorId: w.teacher.id,
      promptId: w.promptId,
      text: essayText(12, ` controle ${i}`),
      status: 'done',
      controlScores: REFERENCE,
      createdAt: new Date(T0.getTime() - (10 - i) * HOUR),
    });
  }
}

const review = (grader: User, id: string, scores: CompetenciaScores | null, extra: object = {}) =>
  call(grader, 'POST', `/api/essay-reviews/${id}`, { scores, zeroReason: null, comments: [], ...extra });

/** The grader's three calibration controls, corrected with `scores` (the reference by default). */
async function calibrate(grader: User, scores: CompetenciaScores = REFERENCE) {
  for (let i = 0; i < 3; i++) {
    const next = await call(grader, 'POST', '/api/essay-reviews/next', {});
    expect(next.statusCode).toBe(200);
    expect((await review(grader, next.json().data.id, scores)).statusCode).toBe(200);
  }
}

async function draft(author: User, w: World, text = essayText(12)) {
  const res = await call(author, 'POST', '/api/essays', { promptId: w.promptId, text });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

async function submitToCommunity(author: User, w: World, text = essayText(12)) {
  const id = await draft(author, w, text);
  const res = await call(author, 'POST', `/api/essays/${id}/submit`, { destination: 'community' });
  expect(res.statusCode).toBe(200);
  return id;
}

/** A calibrated peer. */
async function peer(name: string) {
  const user = await createUser(t.app, { displayName: name });
  await calibrate(user);
  return user;
}

async function nextFor(grader: User, body: object = {}) {
  const res = await call(grader, 'POST', '/api/essay-reviews/next', body);
  return res;
}

describe('proposals', () => {
  it('publishes a proposal with the default instruction, lists it and shows it', async () => {
    const w = await world();
    const student = await createUser(t.app);
    const shown = await call(student, 'GET', `/api/essay-prompts/${w.promptId}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      title: 'Os desafios do acesso à internet nas escolas',
      motivatingTexts: [{ text: MOTIVATING }],
      instruction: ESSAY_DEFAULT_INSTRUCTION,
      groupId: null,
    });
    const list = await call(student, 'GET', '/api/essay-prompts');
    expect(list.json().data.map((p: { id: string }) => p.id)).toEqual([w.promptId]);
  });

  it.each([
    ['a theme of 201 characters', { title: 'a'.repeat(201), motivatingTexts: [] }, M.titleLength],
    ['a theme of 9 characters', { title: 'Curtinho.', motivatingTexts: [] }, M.titleLength],
    [
      'five motivating texts',
      {
        title: 'Tema com cinco textos',
        motivatingTexts: Array.from({ length: 5 }, () => ({ text: 'Texto.' })),
      },
      M.motivatingTextsMax,
    ],
    [
      'a motivating text of 2,001 characters',
      { title: 'Tema com texto longo', motivatingTexts: [{ text: 'a'.repeat(2001) }] },
      M.motivatingTextLength,
    ],
  ])('refuses %s (400) and stores nothing', async (_name, body, message) => {
    const teacher = await createUser(t.app, { userType: 'professor' });
    const res = await call(teacher, 'POST', '/api/essay-prompts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    const [row] = await t.app.ctx.database.db.select({ n: count() }).from(essayPrompts);
    expect(row?.n).toBe(0);
  });

  it("refuses a student (403) and a group one doesn't teach (403); a group's proposal is its members' only", async () => {
    const student = await createUser(t.app);
    const res = await call(student, 'POST', '/api/essay-prompts', {
      title: 'Tema de um estudante',
      motivatingTexts: [],
    });
    expect([res.statusCode, res.json().error]).toEqual([403, M.promptForbidden]);
    const owner = await createUser(t.app, { userType: 'professor' });
    const other = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner);
    const foreign = await call(other, 'POST', '/api/essay-prompts', {
      title: 'Tema em grupo alheio',
      motivatingTexts: [],
      groupId: group.id,
    });
    expect([foreign.statusCode, foreign.json().error]).toEqual([403, M.promptGroupForbidden]);
    const created = await call(owner, 'POST', '/api/essay-prompts', {
      title: 'Tema só do grupo',
      motivatingTexts: [],
      groupId: group.id,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call(student, 'GET', `/api/essay-prompts/${id}`)).statusCode).toBe(404);
    expect((await call(student, 'GET', `/api/essay-prompts?groupId=${group.id}`)).statusCode).toBe(403);
    await addMember(t.app, group, student);
    expect((await call(student, 'GET', `/api/essay-prompts/${id}`)).statusCode).toBe(200);
    const listed = await call(student, 'GET', `/api/essay-prompts?groupId=${group.id}`);
    expect(listed.json().data.map((p: { id: string }) => p.id)).toEqual([id]);
  });
});

describe('writing and submitting', () => {
  it('creates a draft with lines, words and the checks (copied passages marked), and edits it', async () => {
    const w = await world();
    const author = await createUser(t.app);
    const text = `Hoje, a desigualdade no acesso a internet afeta a educação de milhões de jovens.\n${essayText(3)}`;
    const res = await call(author, 'POST', '/api/essays', { promptId: w.promptId, text });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'draft',
      lines: 5,
      checks: { insufficient: true, overLimit: false },
    });
    expect(data.words).toBeGreaterThan(40);
    expect(data.checks.copiedRanges).toHaveLength(1);
    const [range] = data.checks.copiedRanges;
    expect(text.slice(range.start, range.end)).toBe(
      'a desigualdade no acesso a internet afeta a educação de milhões de',
    );
    const edited = await call(author, 'PATCH', `/api/essays/${data.id}`, { text: essayText(31) });
    expect(edited.json().data).toMatchObject({
      lines: 31,
      checks: { insufficient: false, overLimit: true, copiedRanges: [] },
    });
    expect(
      (await call(await createUser(t.app), 'PATCH', `/api/essays/${data.id}`, { text: 'x' })).statusCode,
    ).toBe(404);
    const list = await call(author, 'GET', '/api/essays');
    expect(list.json().data.map((e: { id: string }) => e.id)).toEqual([data.id]);
  });

  it('refuses an empty essay and one over 4,000 characters (400), and a second submission (409)', async () => {
    const w = await world();
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner);
    const author = await createUser(t.app);
    await addMember(t.app, group, author);
    const groupPrompt = await call(owner, 'POST', '/api/essay-prompts', {
      title: 'Tema do grupo de redação',
      motivatingTexts: [],
      groupId: group.id,
    });
    const empty = await call(author, 'POST', '/api/essays', {
      promptId: groupPrompt.json().data.id,
      text: '   ',
    });
    const emptySubmit = await call(author, 'POST', `/api/essays/${empty.json().data.id}/submit`, {
      destination: 'group',
    });
    expect([emptySubmit.statusCode, emptySubmit.json().error]).toEqual([400, M.empty]);
    const long = await draft(author, w, 'palavra '.repeat(501));
    const longSubmit = await call(author, 'POST', `/api/essays/${long}/submit`, { destination: 'community' });
    expect([longSubmit.statusCode, longSubmit.json().error]).toEqual([400, M.tooLong]);
    await call(author, 'PATCH', `/api/essays/${empty.json().data.id}`, { text: essayText(10) });
    const first = await call(author, 'POST', `/api/essays/${empty.json().data.id}/submit`, {
      destination: 'group',
    });
    expect(first.json().data).toEqual({ status: 'submitted' });
    const twice = await call(author, 'POST', `/api/essays/${empty.json().data.id}/submit`, {
      destination: 'group',
    });
    expect([twice.statusCode, twice.json().error, twice.json().code]).toEqual([
      409,
      M.alreadySubmitted,
      EssayErrorCode.alreadySubmitted,
    ]);
    const bad = await call(author, 'POST', `/api/essays/${long}/submit`, { destination: 'turma' });
    expect([bad.statusCode, bad.json().error]).toEqual([400, M.destination]);
  });

  it('refuses a group submission by a non-member (403) and a community one while corrections are owed (409 ESSAY_REVIEWS_OWED)', async () => {
    const w = await world();
    await seedControls(w, 4);
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner);
    const groupPrompt = await call(owner, 'POST', '/api/essay-prompts', {
      title: 'Tema do grupo de redação',
      motivatingTexts: [],
      groupId: group.id,
    });
    const outsider = await createUser(t.app);
    const admin = await createUser(t.app, { userType: 'admin' });
    // An admin reads the group's proposal, but is not a member of the group: 403 on submitting to it.
    const essay = await call(admin, 'POST', '/api/essays', {
      promptId: groupPrompt.json().data.id,
      text: essayText(10),
    });
    const refused = await call(admin, 'POST', `/api/essays/${essay.json().data.id}/submit`, {
      destination: 'group',
    });
    expect([refused.statusCode, refused.json().error]).toEqual([403, M.groupMembersOnly]);
    expect(
      (await call(outsider, 'POST', '/api/essays', { promptId: groupPrompt.json().data.id })).statusCode,
    ).toBe(404);

    const id = await draft(outsider, w);
    const owed = await call(outsider, 'POST', `/api/essays/${id}/submit`, { destination: 'community' });
    expect([owed.statusCode, owed.json().code, owed.json().error]).toEqual([
      409,
      'ESSAY_REVIEWS_OWED',
      M.reviewsOwed(2),
    ]);
    const [row] = await t.app.ctx.database.db.select().from(essays).where(eq(essays.id, id));
    expect(row?.status).toBe('draft');
    await calibrate(outsider); // three controls: counts toward the two owed
    expect((await call(outsider, 'GET', '/api/essay-reviews/reliability')).json().data.owed).toBe(0);
    expect(
      (await call(outsider, 'POST', `/api/essays/${id}/submit`, { destination: 'community' })).statusCode,
    ).toBe(200);
    // The next submission owes two more (3 given, 4 needed): one.
    const second = await draft(outsider, w);
    const again = await call(outsider, 'POST', `/api/essays/${second}/submit`, { destination: 'community' });
    expect([again.statusCode, again.json().error]).toEqual([409, M.reviewsOwed(1)]);
  });
});

describe('assignments', () => {
  it('gives a new grader 3 controls first, never an author field, never their own, never the same essay twice; 204 when nothing waits', async () => {
    const w = await world();
    await seedControls(w, 6);
    const author = await createUser(t.app, { displayName: 'Autora Secreta', username: 'autora_secreta' });
    await calibrate(author);
    const essayId = await submitToCommunity(author, w);
    const grader = await createUser(t.app);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const next = await nextFor(grader);
      const data = next.json().data;
      seen.push(data.essay.id);
      expect(data.essay.id).not.toBe(essayId);
      // Asking again returns the same open assignment.
      expect((await nextFor(grader)).json().data.id).toBe(data.id);
      await review(grader, data.id, REFERENCE);
    }
    const real = await nextFor(grader);
    expect(real.statusCode).toBe(200);
    const body = real.body;
    expect(real.json().data.essay.id).toBe(essayId);
    expect(real.json().data.expiresAt).toBe(new Date(T0.getTime() + 48 * HOUR).toISOString());
    for (const secret of [author.id, author.displayName, author.username, author.email, 'author', 'autor']) {
      expect(body).not.toContain(secret);
    }
    await review(grader, real.json().data.id, s(120));
    // The real essay is done for this grader; the 3 other controls remain (a control when nothing waits).
    const more = await nextFor(grader);
    expect(seen).not.toContain(more.json().data.essay.id);
    expect(more.json().data.essay.id).not.toBe(essayId);
    // The author never gets their own essay.
    const own = await nextFor(author);
    expect(own.json().data.essay.id).not.toBe(essayId);
    const lonely = await createUser(t.app);
    await t.app.ctx.database.db.delete(essays).where(eq(essays.authorId, w.teacher.id));
    expect((await nextFor(lonely)).statusCode).toBe(204);
  });

  it('20 concurrent next calls never give an essay a third open assignment', async () => {
    const w = await world();
    await seedControls(w, 4);
    const authors: User[] = [];
    for (let i = 0; i < 3; i++) authors.push(await peer(`Autor ${i}`));
    for (const author of authors) await submitToCommunity(author, w);
    const graders: User[] = [];
    for (let i = 0; i < 20; i++) graders.push(await peer(`Corretor ${i}`));
    const replies = await Promise.all(graders.map((grader) => nextFor(grader)));
    const given = replies.filter((res) => res.statusCode === 200);
    const rows = await t.app.ctx.database.db
      .select({ essayId: essayReviews.essayId, n: count() })
      .from(essayReviews)
      .innerJoin(essays, eq(essays.id, essayReviews.essayId))
      .where(and(eq(essayReviews.status, 'open'), eq(essays.destination, 'community')))
      .groupBy(essayReviews.essayId);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.n).toBe(2);
    // Six take the three essays' places; the fourteen others get a control (nothing else waits).
    expect(given).toHaveLength(20);
  });

  it('an expired assignment returns to the pool (48 h, fake clock) and can no longer be sent (409)', async () => {
    const w = await world();
    await seedControls(w, 4);
    const author = await peer('Autora');
    const essayId = await submitToCommunity(author, w);
    const [a, b, c] = [await peer('A'), await peer('B'), await peer('C')];
    const first = (await nextFor(a)).json().data;
    expect((await nextFor(b)).json().data.essay.id).toBe(essayId);
    expect((await nextFor(c)).json().data.essay.id).not.toBe(essayId); // full: a control instead
    current = new Date(T0.getTime() + 48 * HOUR);
    const late = await review(a, first.id, REFERENCE);
    expect([late.statusCode, late.json().code, late.json().error]).toEqual([
      409,
      EssayErrorCode.assignmentExpired,
      M.reviewExpired,
    ]);
    const d = await peer('D');
    expect((await nextFor(d)).json().data.essay.id).toBe(essayId);
  });
});

describe("INEP's protocol through the calls", () => {
  /** Two corrections of a community essay (null: a zero for 'fuga ao tema'). */
  async function twoCorrections(first: CompetenciaScores | null, second: CompetenciaScores | null) {
    const w = await world();
    await seedControls(w, 4);
    const author = await peer('Autora');
    const essayId = await submitToCommunity(author, w);
    const graders = [await peer('Primeira'), await peer('Segunda'), await peer('Terceira')];
    for (const [i, scores] of [first, second].entries()) {
      const next = (await nextFor(graders[i]!)).json().data;
      expect(next.essay.id).toBe(essayId);
      const zero = scores === null ? { zeroReason: 'fuga_ao_tema' } : {};
      expect((await review(graders[i]!, next.id, scores, zero)).statusCode).toBe(200);
    }
    return { w, author, essayId, graders };
  }

  it('80 apart in a competência calls no third: the mean is final, the author is told and sees both corrections', async () => {
    const { author, essayId } = await twoCorrections(s(120), s(200, 120, 120, 120, 120));
    const res = await call(author, 'GET', `/api/essays/${essayId}`);
    expect(res.json().data).toMatchObject({
      status: 'done',
      finalScore: { c1: 160, c2: 120, c3: 120, c4: 120, c5: 120, total: 640 },
    });
    expect(res.json().data.corrections.map((c: { total: number }) => c.total)).toEqual([600, 680]);
    const told = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, author.id));
    expect(told.map((n) => n.title)).toEqual(['Sua redação foi corrigida']);
  });

  it('120 apart in a competência calls a third, whose pair with the closest total is final', async () => {
    const { author, essayId, graders } = await twoCorrections(
      s(80, 120, 120, 120, 120),
      s(200, 120, 120, 120, 120),
    );
    const waiting = await call(author, 'GET', `/api/essays/${essayId}`);
    expect(waiting.json().data).toMatchObject({ status: 'third_review', finalScore: null, corrections: [] });
    const third = (await nextFor(graders[2]!)).json().data;
    expect(third.essay.id).toBe(essayId);
    await review(graders[2]!, third.id, s(160, 120, 120, 120, 120));
    // Totals 560, 680, 640: the pairs (560, 640) and (680, 640) tie at 40 → the higher one.
    const done = await call(author, 'GET', `/api/essays/${essayId}`);
    expect(done.json().data).toMatchObject({
      status: 'done',
      finalScore: { c1: 180, c2: 120, c3: 120, c4: 120, c5: 120, total: 660 },
    });
    expect(done.json().data.corrections).toHaveLength(3);
  });

  it("a third far from both goes to the banca: the prompt's author corrects it and that is final", async () => {
    const { w, author, essayId, graders } = await twoCorrections(s(40), s(200));
    const third = (await nextFor(graders[2]!)).json().data;
    await review(graders[2]!, third.id, s(120));
    expect((await call(author, 'GET', `/api/essays/${essayId}`)).json().data.status).toBe('banca');
    const asked = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.teacher.id));
    expect(asked.map((n) => n.title)).toContain('Nova redação para corrigir');
    const banca = (await nextFor(w.teacher)).json().data;
    expect(banca.essay.id).toBe(essayId);
    await review(w.teacher, banca.id, s(160, 160, 120, 120, 80));
    expect((await call(author, 'GET', `/api/essays/${essayId}`)).json().data.finalScore).toEqual({
      c1: 160,
      c2: 160,
      c3: 120,
      c4: 120,
      c5: 80,
      total: 640,
    });
  });

  it('a zero with a reason counts as zero, its scores null', async () => {
    const { author, essayId } = await twoCorrections(null, s(40, 40, 0, 0, 0));
    const data = (await call(author, 'GET', `/api/essays/${essayId}`)).json().data;
    expect(data.finalScore).toEqual({ c1: 20, c2: 20, c3: 0, c4: 0, c5: 0, total: 40 });
    expect(data.corrections[0]).toMatchObject({ scores: null, zeroReason: 'fuga_ao_tema', total: 0 });
  });
});

describe('bad corrections change nothing', () => {
  it.each([
    ['a score of 50', { scores: { ...REFERENCE, c3: 50 } }, 400, M.scoreInvalid],
    ['a zero without a reason', { scores: null, zeroReason: null }, 400, M.zeroWithoutReason],
    ['a zero with scores', { zeroReason: 'fuga_ao_tema' }, 400, M.zeroWithScores],
    [
      'a comment outside the text',
      { comments: [{ start: 10, end: 99_999, competencia: 1, text: 'Aqui.' }] },
      400,
      M.commentRange,
    ],
    [
      'a comment of 501 characters',
      { comments: [{ start: 0, end: 5, competencia: 2, text: 'a'.repeat(501) }] },
      400,
      M.commentLength,
    ],
    [
      'a comment on competência 6',
      { comments: [{ start: 0, end: 5, competencia: 6, text: 'Ok.' }] },
      400,
      M.commentCompetencia,
    ],
  ])('%s', async (_name, body, status, message) => {
    const w = await world();
    await seedControls(w, 1);
    const grader = await createUser(t.app);
    const next = (await nextFor(grader)).json().data;
    const res = await review(grader, next.id, REFERENCE, body);
    expect([res.statusCode, res.json().error]).toEqual([status, message]);
    const [row] = await t.app.ctx.database.db.select().from(essayReviews).where(eq(essayReviews.id, next.id));
    expect(row?.status).toBe('open');
  });

  it("refuses one's own essay and one not assigned (403); a sent one again (409)", async () => {
    const w = await world();
    await seedControls(w, 4);
    const author = await peer('Autora');
    const essayId = await submitToCommunity(author, w);
    const grader = await peer('Corretor');
    const next = (await nextFor(grader)).json().data;
    expect(next.essay.id).toBe(essayId);
    const own = await review(author, next.id, REFERENCE);
    expect([own.statusCode, own.json().error]).toEqual([403, M.reviewOwnEssay]);
    const other = await review(await peer('Outro'), next.id, REFERENCE);
    expect([other.statusCode, other.json().error]).toEqual([403, M.reviewNotAssigned]);
    const comments = [{ start: 0, end: 7, competencia: 3, text: 'Bom começo.' }];
    expect(
      (await review(grader, next.id, REFERENCE, { comments, generalComment: 'Bom texto.' })).statusCode,
    ).toBe(200);
    const again = await review(grader, next.id, REFERENCE);
    expect([again.statusCode, again.json().error]).toEqual([409, M.reviewDone]);
  });
});

describe('groups, minors and reliability', () => {
  it("a group's essay goes to its one teacher, who is told, and whose correction is final; others are refused the queue", async () => {
    const owner = await createUser(t.app, { userType: 'professor', displayName: 'Prof Única' });
    const group = await createGroup(t.app, owner);
    const student = await createUser(t.app);
    await addMember(t.app, group, student);
    const prompt = await call(owner, 'POST', '/api/essay-prompts', {
      title: 'Tema do grupo de redação',
      motivatingTexts: [],
      groupId: group.id,
    });
    const essay = await call(student, 'POST', '/api/essays', {
      promptId: prompt.json().data.id,
      text: essayText(10),
    });
    const id = essay.json().data.id;
    expect(
      (await call(student, 'POST', `/api/essays/${id}/submit`, { destination: 'group' })).statusCode,
    ).toBe(200);
    const told = await t.app.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.id));
    expect(told.map((n) => n.title)).toEqual(['Nova redação para corrigir']);
    current = new Date(T0.getTime() + 5 * HOUR);
    const queue = await call(owner, 'GET', `/api/essay-reviews/queue?groupId=${group.id}`);
    expect(queue.json().data).toEqual([
      {
        essayId: id,
        promptTitle: 'Tema do grupo de redação',
        status: 'submitted',
        submittedAt: T0.toISOString(),
        waitingHours: 5,
      },
    ]);
    expect((await call(student, 'GET', `/api/essay-reviews/queue?groupId=${group.id}`)).statusCode).toBe(403);
    const refused = await nextFor(student, { groupId: group.id });
    expect([refused.statusCode, refused.json().error]).toEqual([403, M.groupQueueForbidden]);
    const assignment = (await nextFor(owner, { groupId: group.id })).json().data;
    expect(assignment.essay.id).toBe(id);
    expect(JSON.stringify(assignment)).not.toContain(student.displayName);
    await review(owner, assignment.id, s(160, 160, 120, 120, 80));
    const detail = await call(owner, 'GET', `/api/essays/${id}`);
    expect(detail.json().data).toMatchObject({ status: 'done', finalScore: { total: 640 } });
    expect(detail.json().data.corrections).toHaveLength(1);
    expect((await call(await createUser(t.app), 'GET', `/api/essays/${id}`)).statusCode).toBe(404);

    // The teacher makes it a control, with her correction as the reference; the author may not.
    const byAuthor = await call(student, 'POST', `/api/essays/${id}/control`);
    expect([byAuthor.statusCode, byAuthor.json().error]).toEqual([403, M.controlForbidden]);
    expect((await call(owner, 'POST', `/api/essays/${id}/control`)).statusCode).toBe(200);
    const again = await call(owner, 'POST', `/api/essays/${id}/control`);
    expect([again.statusCode, again.json().error]).toEqual([409, M.controlAlready]);
    const [row] = await t.app.ctx.database.db.select().from(essays).where(eq(essays.id, id));
    expect(row?.controlScores).toEqual(s(160, 160, 120, 120, 80));
    // Still the author's essay; a new grader's calibration starts with it, anonymous.
    expect((await call(student, 'GET', '/api/essays')).json().data.map((e: { id: string }) => e.id)).toEqual([
      id,
    ]);
    const newcomer = await createUser(t.app);
    const control = await nextFor(newcomer);
    expect(control.json().data.essay.id).toBe(id);
    expect(control.body).not.toContain(student.id);
  });

  it("with two teachers both correct it, under the protocol; disagreeing with no third teacher, the owner's correction decides", async () => {
    const owner = await createUser(t.app, { userType: 'professor' });
    const coTeacher = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner);
    await t.app.ctx.database.db
      .insert(groupTeachers)
      .values({ studyGroupId: group.id, userId: coTeacher.id });
    const student = await createUser(t.app);
    await addMember(t.app, group, student);
    const prompt = await call(owner, 'POST', '/api/essay-prompts', {
      title: 'Tema do grupo de redação',
      motivatingTexts: [],
      groupId: group.id,
    });
    const totals: number[] = [];
    for (const second of [s(160, 160, 120, 120, 120), s(200)]) {
      const essay = await call(student, 'POST', '/api/essays', {
        promptId: prompt.json().data.id,
        text: essayText(10),
      });
      await call(student, 'POST', `/api/essays/${essay.json().data.id}/submit`, { destination: 'group' });
      for (const [teacher, scores] of [
        [coTeacher, second],
        [owner, s(120)],
      ] as const) {
        const next = (await nextFor(teacher, { groupId: group.id })).json().data;
        expect(next.essay.id).toBe(essay.json().data.id);
        await review(teacher, next.id, scores);
      }
      totals.push(
        (await call(student, 'GET', `/api/essays/${essay.json().data.id}`)).json().data.finalScore.total,
      );
    }
    // 600 and 680: their mean. 600 and 1000: a third is due, no teacher is left, the owner's 600 stands.
    expect(totals).toEqual([640, 600]);
  });

  it("a minor's community essay reaches minors and verified teachers, never an adult peer", async () => {
    const w = await world();
    await seedControls(w, 6);
    const teen = await createMinor(t.app, 16);
    await calibrate(teen);
    const essayId = await submitToCommunity(teen, w);
    const adult = await peer('Adulto');
    expect((await nextFor(adult)).json().data?.essay.id).not.toBe(essayId);
    const otherTeen = await createMinor(t.app, 17);
    await calibrate(otherTeen);
    expect((await nextFor(otherTeen)).json().data.essay.id).toBe(essayId);
    const verified = await createUser(t.app, { userType: 'professor', isVerified: true });
    expect((await nextFor(verified)).json().data.essay.id).toBe(essayId);
  });

  it('measures reliability over the controls; under 0.6 a grader gets only controls', async () => {
    const w = await world();
    await seedControls(w, 6);
    const author = await peer('Autora');
    await submitToCommunity(author, w);
    const good = await createUser(t.app);
    await calibrate(good);
    expect((await call(good, 'GET', '/api/essay-reviews/reliability')).json().data).toMatchObject({
      controls: 3,
      qwk: { c1: 1, c2: 1, c3: 1, c4: 1, c5: 1 },
      meanDeviation: { c1: 0, c2: 0, c3: 0, c4: 0, c5: 0 },
      eligible: true,
    });
    const generous = await createUser(t.app);
    const tricks = [s(200, 200, 200, 200, 200), s(0, 0, 0, 0, 0), s(200, 200, 200, 200, 200)];
    for (const scores of tricks) {
      const next = (await nextFor(generous)).json().data;
      await review(generous, next.id, scores);
    }
    const r = (await call(generous, 'GET', '/api/essay-reviews/reliability')).json().data;
    expect(r.eligible).toBe(false);
    expect(r.meanDeviation.c1).toBeCloseTo((80 - 120 + 80) / 3, 6);
    const next = await nextFor(generous);
    const [row] = await t.app.ctx.database.db
      .select({ kind: essayReviews.kind })
      .from(essayReviews)
      .where(eq(essayReviews.id, next.json().data.id));
    expect(row?.kind).toBe('control');
  });

  it('an unknown essay, or a malformed id, is 404 with its pt-BR message', async () => {
    const user = await createUser(t.app);
    const res = await call(user, 'GET', '/api/essays/nao-existe');
    expect([res.statusCode, res.json().error]).toEqual([404, M.notFound]);
    const group = await call(user, 'POST', '/api/essay-reviews/next', {
      groupId: '00000000-0000-4000-8000-000000000000',
    });
    expect([group.statusCode, group.json().error]).toEqual([404, GROUP_MESSAGES.notFound]);
  });
});

describe('photos of handwritten pages (issue 38) and what the image check says of them (issue 43)', () => {
  const fetchFile = (url: string, who?: User) => {
    const path = new URL(url).pathname;
    return who ? call(who, 'GET', path) : t.app.inject({ method: 'GET', url: path });
  };

  it("takes only the author's own essay uploads, and shows the pages to the author and graders alone", async () => {
    const w = await world();
    await seedControls(w, 4);
    const author = await peer('Autora');
    const stranger = await createUser(t.app);
    const own = await uploadedMedia(t.app, author, 'essay_image');
    const othersPage = await uploadedMedia(t.app, stranger, 'essay_image');
    const postPhoto = await uploadedMedia(t.app, author, 'post_image');
    for (const mediaIds of [
      ['https://exemplo.com.br/folha.jpg'],
      [othersPage],
      [postPhoto],
      [own, postPhoto],
    ]) {
      const res = await call(author, 'POST', '/api/essays', { promptId: w.promptId, mediaIds });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        { error: M.imagesNotUploaded, code: 'MEDIA_NOT_UPLOADED' },
      ]);
    }
    expect(await t.app.ctx.database.db.$count(essays, eq(essays.authorId, author.id))).toBe(0);

    const created = await call(author, 'POST', '/api/essays', { promptId: w.promptId, mediaIds: [own] });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ mediaUrls: [own], media: [{ url: own, sensitivity: 'ok' }] });
    const id = created.json().data.id;
    const patched = await call(author, 'PATCH', `/api/essays/${id}`, { mediaIds: [othersPage] });
    expect([patched.statusCode, patched.json().error]).toEqual([400, M.imagesNotUploaded]);
    expect((await call(author, 'GET', `/api/essays/${id}`)).json().data.mediaUrls).toEqual([own]);
    expect(
      (await call(author, 'POST', `/api/essays/${id}/submit`, { destination: 'community' })).statusCode,
    ).toBe(200);

    const grader = await peer('Corretora');
    const assignment = (await nextFor(grader)).json().data;
    expect(assignment.essay.id).toBe(id);
    expect(assignment.essay).toMatchObject({ mediaUrls: [own], media: [{ url: own, sensitivity: 'ok' }] });
    expect((await fetchFile(own, author)).statusCode).toBe(200);
    expect((await fetchFile(own, grader)).statusCode).toBe(200);
    expect((await fetchFile(own, stranger)).statusCode).toBe(404);
    expect((await fetchFile(own)).statusCode).toBe(404);
  });

  it('never sends a minor grader the address of a sensitive page, nor its file', async () => {
    const w = await world();
    await seedControls(w, 6);
    const author = await peer('Autor');
    const page = await uploadedMedia(t.app, author, 'essay_image');
    const created = await call(author, 'POST', '/api/essays', { promptId: w.promptId, mediaIds: [page] });
    const id = created.json().data.id;
    expect(
      (await call(author, 'POST', `/api/essays/${id}/submit`, { destination: 'community' })).statusCode,
    ).toBe(200);
    // As the image check leaves an image it scores as sensitive (the real model: sensitive-images.test.ts).
    await t.app.ctx.database.db.update(mediaUploads).set({ sensitivity: 'sensitive' });

    const teen = await createMinor(t.app, 16);
    await calibrate(teen);
    const minorView = await nextFor(teen);
    expect(minorView.json().data.essay).toMatchObject({
      id,
      mediaUrls: [],
      media: [{ url: null, sensitivity: 'sensitive' }],
    });
    expect(minorView.body).not.toContain(page.split('/').pop());
    expect((await fetchFile(page, teen)).statusCode).toBe(404);

    const adult = await peer('Adulta');
    const adultView = (await nextFor(adult)).json().data.essay;
    expect(adultView).toMatchObject({
      id,
      mediaUrls: [page],
      media: [{ url: page, sensitivity: 'sensitive' }],
    });
    expect((await fetchFile(page, adult)).statusCode).toBe(200);
    // The author sees their own page, flagged.
    expect((await call(author, 'GET', `/api/essays/${id}`)).json().data.media).toEqual([
      { url: page, sensitivity: 'sensitive' },
    ]);
  });

  it("takes a proposal's motivating image only from the teacher's own uploads, and shows it to its readers", async () => {
    const w = await world();
    const outside = await call(w.teacher, 'POST', '/api/essay-prompts', {
      title: 'Os caminhos para a leitura no Brasil',
      motivatingTexts: [{ text: MOTIVATING }, { mediaId: 'https://exemplo.com.br/grafico.png' }],
    });
    expect([outside.statusCode, outside.json().error]).toEqual([400, M.imagesNotUploaded]);
    const image = await uploadedMedia(t.app, w.teacher, 'essay_image');
    const res = await call(w.teacher, 'POST', '/api/essay-prompts', {
      title: 'Os caminhos para a leitura no Brasil',
      motivatingTexts: [{ text: MOTIVATING }, { mediaId: image }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.motivatingTexts).toEqual([
      { text: MOTIVATING },
      { mediaUrl: image, sensitivity: 'ok' },
    ]);
    const student = await createMinor(t.app, 15);
    const read = await call(student, 'GET', `/api/essay-prompts/${res.json().data.id}`);
    expect(read.json().data.motivatingTexts[1]).toEqual({ mediaUrl: image, sensitivity: 'ok' });
    expect((await fetchFile(image, student)).statusCode).toBe(200);
    expect((await fetchFile(image)).statusCode).toBe(404);
  });
});
