import { ErrorCode, GROUP_MESSAGES, groupPageSchema, TEACHING_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createUser } from '../../../test/factories.ts';
import { groupTeachers } from '../../db/schema/index.ts';

// Issue 24: the page for prospective members, written by the owner, read by anyone signed in.

type Api = Awaited<ReturnType<typeof as>>;
let t: TestApp;
let groupId: string;
let owner: Api;
let coTeacher: Api;
let member: Api;
let outsider: Api;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(async () => {
  await resetTestApp(t);
  const ownerUser = await createUser(t.app, { userType: 'professor' });
  const tutor = await createUser(t.app, { userType: 'tutor' });
  const memberUser = await createUser(t.app, { displayName: 'Ana Souza' });
  const group = await createGroup(t.app, ownerUser, { isPaid: true, price: 4990, subscriptionDuration: 1 });
  groupId = group.id;
  await t.app.ctx.database.db.insert(groupTeachers).values({ studyGroupId: group.id, userId: tutor.id });
  await addMember(t.app, group, memberUser);
  [owner, coTeacher, member, outsider] = await Promise.all([
    as(t.app, ownerUser),
    as(t.app, tutor),
    as(t.app, memberUser),
    as(t.app, await createUser(t.app)),
  ]);
});

const pagePath = () => `/api/study-groups/${groupId}/page`;
const page = {
  learnOutcomes: '  Resolver questões de cinemática do ENEM em menos de 3 minutos.  ',
  syllabus: [
    { title: 'Módulo 1 — Cinemática', lessons: ['MRU', 'MRUV', ' Queda livre '] },
    { title: 'Módulo 2 — Dinâmica', lessons: ['Leis de Newton'] },
  ],
  faq: [{ question: 'Tem certificado?', answer: 'Sim, ao fim do curso.' }],
};

describe('the group page for prospective members', () => {
  it('is written by the owner and read, trimmed and in order, by someone who is not a member', async () => {
    const saved = await owner.put(pagePath(), page);
    expect(saved.statusCode).toBe(200);
    const read = await outsider.get(pagePath());
    expect(read.statusCode).toBe(200);
    expect(groupPageSchema.parse(read.json().data)).toEqual({
      learnOutcomes: 'Resolver questões de cinemática do ENEM em menos de 3 minutos.',
      syllabus: [
        { title: 'Módulo 1 — Cinemática', lessons: ['MRU', 'MRUV', 'Queda livre'] },
        { title: 'Módulo 2 — Dinâmica', lessons: ['Leis de Newton'] },
      ],
      faq: [{ question: 'Tem certificado?', answer: 'Sim, ao fim do curso.' }],
      reviews: [],
    });
  });

  it('is empty until the owner writes it', async () => {
    const read = await member.get(pagePath());
    expect(read.json().data).toEqual({ learnOutcomes: '', syllabus: [], faq: [], reviews: [] });
  });

  it('refuses a member and a co-teacher with 403 in pt-BR, and changes nothing', async () => {
    for (const api of [member, coTeacher]) {
      const res = await api.put(pagePath(), page);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: TEACHING_MESSAGES.ownerOnly, code: ErrorCode.forbidden });
    }
    expect((await outsider.get(pagePath())).json().data.learnOutcomes).toBe('');
  });

  it('answers 400 in pt-BR for text past its limit, blank items and too many of them', async () => {
    const cases: [object, string][] = [
      [{ ...page, learnOutcomes: 'a'.repeat(2_001) }, TEACHING_MESSAGES.learnOutcomesTooLong],
      [{ ...page, syllabus: [{ title: ' ', lessons: [] }] }, TEACHING_MESSAGES.syllabusModuleRequired],
      [{ ...page, syllabus: [{ title: 'M1', lessons: [''] }] }, TEACHING_MESSAGES.syllabusLessonRequired],
      [
        { ...page, syllabus: [{ title: 'M1', lessons: Array.from({ length: 51 }, () => 'Aula') }] },
        TEACHING_MESSAGES.syllabusLessonsTooMany,
      ],
      [
        { ...page, syllabus: Array.from({ length: 31 }, () => ({ title: 'M', lessons: [] })) },
        TEACHING_MESSAGES.syllabusTooMany,
      ],
      [{ ...page, faq: [{ question: 'Tem prova?', answer: '' }] }, TEACHING_MESSAGES.faqAnswerRequired],
      [
        { ...page, faq: [{ question: 'x'.repeat(201), answer: 'Sim' }] },
        TEACHING_MESSAGES.faqQuestionTooLong,
      ],
      [
        { ...page, faq: Array.from({ length: 21 }, () => ({ question: 'P?', answer: 'R' })) },
        TEACHING_MESSAGES.faqTooMany,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await owner.put(pagePath(), body as Record<string, unknown>);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect((await outsider.get(pagePath())).json().data.syllabus).toEqual([]);
  });

  it('answers 404 for an unknown group', async () => {
    const res = await outsider.get('/api/study-groups/00000000-0000-4000-8000-000000000000/page');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(GROUP_MESSAGES.notFound);
  });

  it('shows ratings with their comments, newest first; a rating without one stays out of the list', async () => {
    const rated = await member.put(`/api/study-groups/${groupId}/rating`, {
      rating: 5,
      comment: '  Aulas objetivas, aprendi MRUV de vez.  ',
    });
    expect(rated.statusCode).toBe(200);
    const silent = await createUser(t.app);
    await addMember(t.app, { id: groupId }, silent);
    await (await as(t.app, silent)).put(`/api/study-groups/${groupId}/rating`, { rating: 3 });
    const read = await outsider.get(pagePath());
    expect(read.json().data.reviews).toEqual([
      expect.objectContaining({
        displayName: 'Ana Souza',
        rating: 5,
        comment: 'Aulas objetivas, aprendi MRUV de vez.',
      }),
    ]);
    // Rating again without a comment keeps it; a comment past 1000 characters is refused.
    await member.put(`/api/study-groups/${groupId}/rating`, { rating: 4 });
    expect((await outsider.get(pagePath())).json().data.reviews[0]).toMatchObject({ rating: 4 });
    const long = await member.put(`/api/study-groups/${groupId}/rating`, {
      rating: 4,
      comment: 'a'.repeat(1_001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(GROUP_MESSAGES.ratingCommentTooLong);
  });
});
