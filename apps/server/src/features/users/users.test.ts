import { USER_MESSAGES } from '@estudai/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { createPost, createUser, signedInAs } from '../../../test/factories.ts';
import { follows, postAnswers, quizAttempts, studySessions } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const getProfile = (cookie: string, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: { cookie } });
const patchMe = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: { cookie }, payload });

describe('GET /api/users/{id}', () => {
  it('finds a profile by username too, so @mention links open it', async () => {
    const ana = await createUser(t.app, { username: 'ana.souza' });
    const viewer = await signedInAs(t.app, await createUser(t.app));
    const res = await getProfile(viewer, 'Ana.Souza');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(ana.id);
    expect((await getProfile(viewer, 'ninguem.aqui')).statusCode).toBe(404);
    expect((await getProfile(viewer, '../../etc')).statusCode).toBe(404);
  });

  it('answers the profile fields of spec §3 with every count computed from rows', async () => {
    const ana = await createUser(t.app, { displayName: 'Ana Souza', bio: 'ENEM 2026', location: 'Recife' });
    const bruno = await createUser(t.app);
    const carla = await createUser(t.app, { userType: 'professor' });
    const { db } = t.app.ctx.database;
    await db.insert(follows).values([
      { followerId: bruno.id, followingId: ana.id },
      { followerId: carla.id, followingId: ana.id },
      { followerId: ana.id, followingId: bruno.id },
    ]);
    const question = await createPost(t.app, carla, { type: 'question' });
    const quiz = await createPost(t.app, carla, { type: 'question_set' });
    await db
      .insert(postAnswers)
      .values({ postId: question.id, userId: ana.id, optionIndex: 1, isCorrect: true });
    await db
      .insert(quizAttempts)
      .values({ postId: quiz.id, userId: ana.id, answers: [1, 3], score: 1, total: 2 });
    // Stamped now, like the answers above: a session that started an hour ago belongs to yesterday
    // when the test runs in the first hour of a Brasília day, and the streak would be 2.
    const now = new Date();
    await db.insert(studySessions).values({
      userId: ana.id,
      startedAt: now,
      endedAt: now,
      durationSeconds: 5_400,
      kind: 'timer',
    });

    const res = await getProfile(await signedInAs(t.app, bruno), ana.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: ana.id,
      username: ana.username,
      displayName: 'Ana Souza',
      email: null,
      avatar: null,
      bio: 'ENEM 2026',
      location: 'Recife',
      website: '',
      userType: 'aluno',
      isVerified: false,
      followersCount: 2,
      followingCount: 1,
      totalStudyHours: 1.5,
      accuracyPercentage: 67,
      questionsAnswered: 3,
      studyStreak: 1,
      todayStudyTime: expect.any(Number),
      materialsCount: 0,
      videosCount: 0,
      questionsCount: 0,
      overallRating: 0,
      ownGroups: [],
      memberGroups: [],
      createdAt: ana.createdAt.toISOString(),
      isOwnProfile: false,
      isFollowing: true,
      followsYou: true,
      connectionRequested: false,
      isRestricted: false,
      isBlocked: false,
    });

    const teacher = (await getProfile(await signedInAs(t.app, ana), carla.id)).json().data;
    expect(teacher).toMatchObject({
      questionsCount: 2,
      followersCount: 0,
      followingCount: 1,
      isFollowing: false,
    });
    expect(teacher.followsYou).toBe(true);
  });

  it('shows the e-mail only on the own profile, also reachable as /users/{own id}', async () => {
    const ana = await createUser(t.app);
    const res = await getProfile(await signedInAs(t.app, ana), ana.id);
    expect(res.json().data).toMatchObject({ email: ana.email, isOwnProfile: true, isFollowing: false });
  });

  it('answers 404 with the pt-BR message for unknown ids, malformed ids and suspended users', async () => {
    const ana = await createUser(t.app);
    const suspended = await createUser(t.app, { suspendedAt: new Date() });
    const cookie = await signedInAs(t.app, ana);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nao-e-um-id', suspended.id]) {
      const res = await getProfile(cookie, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: USER_MESSAGES.notFound, code: 'NOT_FOUND' });
    }
  });

  it('does not count suspended followers', async () => {
    const ana = await createUser(t.app);
    const gone = await createUser(t.app, { suspendedAt: new Date() });
    await t.app.ctx.database.db.insert(follows).values({ followerId: gone.id, followingId: ana.id });
    const res = await getProfile(await signedInAs(t.app, ana), ana.id);
    expect(res.json().data.followersCount).toBe(0);
  });

  it('needs a signed-in, verified user', async () => {
    const ana = await createUser(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${ana.id}` })).statusCode).toBe(401);
    const unverified = await createUser(t.app, { emailVerified: false });
    expect((await getProfile(await signedInAs(t.app, unverified), ana.id)).statusCode).toBe(403);
  });

  it('keeps GET /api/users/me answering the signed-in user, with what only they see (issue 25)', async () => {
    const ana = await createUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { cookie: await signedInAs(t.app, ana) },
    });
    expect(Object.keys(res.json().data).sort()).toEqual(
      [
        'avatar',
        'displayName',
        'email',
        'emailVerified',
        'id',
        'userType',
        'username',
        'birthDate',
        'needsBirthDate',
        'isMinor',
        'protectedMode',
        'supervision',
        'privacy',
        'deletionScheduledFor',
        'studyPlan',
      ].sort(),
    );
  });
});

describe('PATCH /api/users/me', () => {
  it('saves trimmed values and answers the updated profile', async () => {
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect((await me()).json().data.displayName).toBe(ana.displayName);
    const res = await patchMe(cookie, {
      displayName: '  Ana Júlia  ',
      bio: ' Rumo à medicina ',
      location: ' Olinda ',
      website: ' https://ana.dev ',
      userType: 'tutor',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      displayName: 'Ana Júlia',
      bio: 'Rumo à medicina',
      location: 'Olinda',
      website: 'https://ana.dev',
      userType: 'tutor',
    });
    // The session's own copy of the user changes with the row.
    expect((await me()).json().data).toMatchObject({ displayName: 'Ana Júlia', userType: 'tutor' });
  });

  it('accepts the limits exactly: displayName 50, bio 200, location 50, website 100', async () => {
    const ana = await createUser(t.app);
    const res = await patchMe(await signedInAs(t.app, ana), {
      displayName: 'a'.repeat(50),
      bio: 'b'.repeat(200),
      location: 'c'.repeat(50),
      website: 'd'.repeat(100),
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['a bio of 201 characters', { bio: 'b'.repeat(201) }, USER_MESSAGES.bioLong],
    ['a displayName of spaces', { displayName: '     ' }, USER_MESSAGES.displayNameRequired],
    ['a displayName of 51 characters', { displayName: 'a'.repeat(51) }, USER_MESSAGES.displayNameLong],
    ['a location of 51 characters', { location: 'l'.repeat(51) }, USER_MESSAGES.locationLong],
    ['a website of 101 characters', { website: 'w'.repeat(101) }, USER_MESSAGES.websiteLong],
    ['an unknown user type', { userType: 'diretor' }, USER_MESSAGES.userTypeInvalid],
  ])('refuses %s (400)', async (_name, body, message) => {
    const ana = await createUser(t.app, { displayName: 'Ana' });
    const res = await patchMe(await signedInAs(t.app, ana), body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: 'VALIDATION_ERROR' });
    const after = await getProfile(await signedInAs(t.app, ana), ana.id);
    expect(after.json().data).toMatchObject({ displayName: 'Ana', bio: '' });
  });

  it('refuses unknown fields, so nobody can set isVerified or email through it', async () => {
    const ana = await createUser(t.app);
    const res = await patchMe(await signedInAs(t.app, ana), { bio: 'oi', isVerified: true });
    expect(res.statusCode).toBe(400);
    expect((await getProfile(await signedInAs(t.app, ana), ana.id)).json().data.isVerified).toBe(false);
  });

  it('refuses userType admin requested by a non-admin (403)', async () => {
    const ana = await createUser(t.app);
    const res = await patchMe(await signedInAs(t.app, ana), { userType: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe(USER_MESSAGES.adminOnly);
    expect((await getProfile(await signedInAs(t.app, ana), ana.id)).json().data.userType).toBe('aluno');
  });

  it('lets an admin keep admin, and anyone choose aluno, professor, mentor or tutor', async () => {
    const admin = await createUser(t.app, { userType: 'admin' });
    expect((await patchMe(await signedInAs(t.app, admin), { userType: 'admin', bio: 'x' })).statusCode).toBe(
      200,
    );
    const ana = await createUser(t.app);
    const cookie = await signedInAs(t.app, ana);
    for (const userType of ['professor', 'mentor', 'tutor', 'aluno']) {
      const res = await patchMe(cookie, { userType });
      expect(res.json().data.userType).toBe(userType);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/users/me', payload: { bio: 'x' } });
    expect(res.statusCode).toBe(401);
  });
});
