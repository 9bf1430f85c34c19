import { randomUUID } from 'node:crypto';
import { brasiliaToday } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app.ts';
import {
  groupMemberships,
  guardianLinks,
  mediaUploads,
  posts,
  studyGroups,
  users,
} from '../src/db/schema/index.ts';
import { createSession } from '../src/features/auth/sessions.service.ts';
import { groupSearchText } from '../src/features/groups/groups.service.ts';
import { storeMediaFile } from '../src/features/media/media.storage.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { sha256 } from '../src/lib/tokens.ts';
import { SESSION_COOKIE } from '../src/plugins/session.ts';

export const TEST_PASSWORD = 'cadeira-azul-42';
/** Every factory user is an adult unless a test says otherwise (issue 25 asks everyone's age). */
const ADULT_BIRTH_DATE = '1995-05-10';
let passwordHash: Promise<string> | undefined;

type UserRow = typeof users.$inferSelect;

/** Inserts a user straight into the database (verified adult aluno unless overridden). */
export async function createUser(
  app: App,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomUUID().slice(0, 8);
  const [user] = await app.ctx.database.db
    .insert(users)
    .values({
      email: `user-${suffix}@exemplo.com.br`,
      username: `user_${suffix}`,
      displayName: `Usuária ${suffix}`,
      userType: 'aluno',
      emailVerified: true,
      passwordHash: await passwordHash,
      birthDate: ADULT_BIRTH_DATE,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('createUser inserted nothing');
  return user;
}

/** 'YYYY-MM-DD' of someone who turns `age` today minus `daysAfterBirthday` days (Brasília's day). */
export function birthDateForAge(age: number, daysAfterBirthday = 30, now = new Date()): string {
  const date = new Date(`${brasiliaToday(now)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAfterBirthday);
  date.setUTCFullYear(date.getUTCFullYear() - age);
  return date.toISOString().slice(0, 10);
}

/** A verified student of `age` (under 18: with the protective defaults a sign-up would give). */
export function createMinor(app: App, age: number, overrides: Partial<typeof users.$inferInsert> = {}) {
  return createUser(app, {
    birthDate: birthDateForAge(age),
    profileVisibility: age < 18 ? 'followers' : 'public',
    ...overrides,
  });
}

/** Makes `guardian` the confirmed guardian of `teen`, as accepting the invitation would. */
export async function linkGuardian(app: App, teen: { id: string }, guardian: { id: string; email: string }) {
  const [link] = await app.ctx.database.db
    .insert(guardianLinks)
    .values({
      teenId: teen.id,
      guardianId: guardian.id,
      invitedEmail: guardian.email,
      tokenHash: sha256(randomUUID()),
      status: 'active',
      expiresAt: new Date(Date.now() + 86_400_000),
      acceptedAt: new Date(),
    })
    .returning();
  if (!link) throw new Error('linkGuardian inserted nothing');
  app.ctx.sessions.forgetUser(teen.id);
  return link;
}

/** A Cookie header for a new session of `user`. */
export async function signedInAs(app: App, user: { id: string }): Promise<string> {
  return `${SESSION_COOKIE}=${await createSession(app.ctx.database.db, user.id, app.ctx.clock())}`;
}

/** The session cookie a reply set, ready to send back as a Cookie header. */
export function sessionCookieFrom(reply: { cookies: { name: string; value: string }[] }): string {
  const cookie = reply.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('the reply set no session cookie');
  return `${SESSION_COOKIE}=${cookie.value}`;
}

type PostRow = typeof posts.$inferSelect;
type PostInsert = typeof posts.$inferInsert;

/** What each post type needs besides its text, so `createPost(app, user, { type: 'poll' })` just works. */
function postDefaults(type: PostInsert['type']): Partial<PostInsert> {
  switch (type) {
    case 'question':
      return {
        questionData: {
          question: 'Quanto vale $x$ em $2x + 3 = 11$?',
          options: ['2', '4', '6', '8'],
          correctAnswer: 1,
          explanation: '$2x = 8$, logo $x = 4$.',
        },
      };
    case 'poll':
      return {
        pollData: {
          question: 'Qual matéria você mais revisa?',
          options: ['Matemática', 'Biologia', 'Física'],
          expiresAt: null,
        },
        pollVoteCounts: [0, 0, 0],
      };
    case 'question_set':
      return {
        questionSetData: {
          title: 'Quiz de citologia',
          questions: [
            {
              question: 'Organela da respiração celular?',
              options: ['Ribossomo', 'Mitocôndria', 'Lisossomo', 'Golgi'],
              correctAnswer: 1,
            },
            {
              question: 'Onde fica o DNA dos eucariontes?',
              options: ['Núcleo', 'Parede', 'Vacúolo', 'Cílio'],
              correctAnswer: 0,
              explanation: 'No núcleo.',
            },
          ],
        },
      };
    case 'photo':
    case 'attachment':
      return { mediaUrls: ['https://exemplo.com.br/mapa-mental.png'] };
    default:
      return {};
  }
}

/** Inserts a post straight into the database (a main-feed text post unless overridden). */
export async function createPost(
  app: App,
  author: { id: string },
  overrides: Partial<PostInsert> = {},
): Promise<PostRow> {
  const type = overrides.type ?? 'text';
  const [post] = await app.ctx.database.db
    .insert(posts)
    .values({
      authorId: author.id,
      type,
      content: 'Resumo de funções do 1º grau para o ENEM.',
      ...postDefaults(type),
      ...overrides,
    })
    .returning();
  if (!post) throw new Error('createPost inserted nothing');
  // Written behind the API's back: told as the service would, so the kept feed pages follow.
  app.ctx.bus.publish('post.created', {
    postId: post.id,
    authorId: author.id,
    studyGroupId: post.studyGroupId,
  });
  return post;
}

type GroupRow = typeof studyGroups.$inferSelect;
type GroupInsert = typeof studyGroups.$inferInsert;

/** Inserts a study group straight into the database (a free, active ENEM física group unless overridden). */
export async function createGroup(
  app: App,
  owner: { id: string },
  overrides: Partial<Omit<GroupInsert, 'searchText'>> = {},
): Promise<GroupRow> {
  const values = {
    ownerId: owner.id,
    name: 'Física para o ENEM',
    description: 'Cinemática, dinâmica e energia com exercícios resolvidos.',
    category: 'fisica' as const,
    subject: 'ENEM' as const,
    maxMembers: 50,
    ...overrides,
  };
  const { db } = app.ctx.database;
  const [ownerRow] = await db
    .select({ displayName: users.displayName })
    .from(users)
    .where(eq(users.id, owner.id));
  const [group] = await db
    .insert(studyGroups)
    .values({
      ...values,
      searchText: groupSearchText({ summary: '', tags: [], ...values }, ownerRow?.displayName ?? ''),
    })
    .returning();
  if (!group) throw new Error('createGroup inserted nothing');
  return group;
}

/** Makes `user` an active member of `group` (lifetime unless `expiresAt` is given). */
export async function addMember(
  app: App,
  group: { id: string },
  user: { id: string },
  overrides: Partial<typeof groupMemberships.$inferInsert> = {},
) {
  const [membership] = await app.ctx.database.db
    .insert(groupMemberships)
    .values({ studyGroupId: group.id, userId: user.id, status: 'active', ...overrides })
    .returning();
  if (!membership) throw new Error('addMember inserted nothing');
  return membership;
}

/** Calls the API as `user` (a new session): `const ana = await as(t.app, user); await ana.get('/api/…')`. */
export async function as(app: App, user: { id: string }) {
  const cookie = await signedInAs(app, user);
  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    (url: string, payload?: Record<string, unknown>) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  return {
    cookie,
    get: call('GET'),
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    del: call('DELETE'),
  };
}

/**
 * A file `user` uploaded through `POST /api/media` (issue 37: posts take only their author's own
 * uploads): stored, recorded, and its address answered.
 */
export async function uploadedMedia(
  app: App,
  user: { id: string },
  purpose:
    | 'post_image'
    | 'post_attachment'
    | 'essay_image'
    | 'group_cover'
    | 'resolution_image' = 'post_image',
): Promise<string> {
  const [folder, extension] = (
    {
      post_image: ['posts', 'webp'],
      post_attachment: ['attachments', 'pdf'],
      essay_image: ['essays', 'webp'],
      group_cover: ['covers', 'webp'],
      resolution_image: ['resolutions', 'webp'],
    } as const
  )[purpose];
  const file = await storeMediaFile(
    app.ctx.storage,
    app.ctx.config.publicUrl,
    folder,
    extension,
    Buffer.from('%PDF-1.4 estudai'),
  );
  // As if the image check (issue 43) had passed it: these bytes are no picture to score.
  await app.ctx.database.db
    .insert(mediaUploads)
    .values({ key: file.key, uploaderId: user.id, purpose, sensitivity: 'ok' });
  return file.url;
}
