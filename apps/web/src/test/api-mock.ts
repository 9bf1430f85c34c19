import {
  type CurrentUser,
  LAUNCH_AT_DEFAULT,
  type StudyStatsDetail,
  type UserProfile,
} from '@estudai/contract/constants';
import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  path: string;
  /** The query string ('?subject=…'), when there is one. */
  query?: string;
  body: unknown;
}

/** A reply: a status and JSON body, a dropped connection, or one that never comes. */
export type MockReply =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error'
  | 'no-reply';
type Handler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

export const ana: CurrentUser = {
  id: 'u-ana',
  displayName: 'Ana Souza',
  username: 'ana.souza',
  email: 'ana@estudai.dev',
  emailVerified: true,
  userType: 'aluno',
  avatar: null,
};
export const felipe: CurrentUser = {
  ...ana,
  id: 'u-felipe',
  displayName: 'Felipe Costa',
  username: 'felipe.costa',
  email: 'felipe@estudai.dev',
  emailVerified: false,
};

/** The profile of a test user as `GET /api/users/{id}` answers it, seen by that user. */
export const profileOf = (user: CurrentUser, overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  email: user.email,
  avatar: user.avatar,
  bio: '',
  location: '',
  website: '',
  userType: user.userType,
  isVerified: false,
  followersCount: 0,
  followingCount: 0,
  totalStudyHours: 0,
  accuracyPercentage: 0,
  studyStreak: 0,
  todayStudyTime: 0,
  materialsCount: 0,
  videosCount: 0,
  questionsCount: 0,
  overallRating: 0,
  ownGroups: [],
  memberGroups: [],
  createdAt: '2025-11-01T03:00:00.000Z',
  isOwnProfile: true,
  isFollowing: false,
  followsYou: false,
  connectionRequested: false,
  ...overrides,
});

/** `GET /api/users/{id}/study-stats` of someone who has not studied yet. */
export const studyStatsOf = (
  _user: CurrentUser,
  overrides: Partial<StudyStatsDetail> = {},
): StudyStatsDetail => ({
  totalStudyHours: 0,
  accuracyPercentage: 0,
  studyStreak: 0,
  todayStudyTime: 0,
  accuracyBySubject: [],
  reviews: { dueNow: 0, dueToday: 0, reviewedToday: 0 },
  calendar: [],
  ...overrides,
});

export const ok = (data: unknown, status = 200): MockReply => ({ status, body: { data } });
/** A page of a list with nothing more after it. */
export const lastPage = (data: unknown[]): MockReply => ({ status: 200, body: { data, hasMore: false } });
export const fail = (status: number, error: string, code = 'ERR'): MockReply => ({
  status,
  body: { error, code },
});

/**
 * Replaces fetch with handlers keyed 'METHOD /api/path'. Unlisted calls: /auth/session answers
 * `user` (null when signed out), /auth/providers has no Google, /auth/logout succeeds, /launch is the
 * spec's date, ana's and felipe's own profiles are empty; others fail the test.
 */
export function mockApi(handlers: Record<string, Handler> = {}, user: CurrentUser | null = null) {
  const calls: MockRequest[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/auth/session': ok(user),
    'GET /api/chat/unread-count': ok({ count: 0 }),
    'GET /api/notifications/counts': ok({ unread: 0, pendingRequests: 0 }),
    'GET /api/auth/providers': ok({ google: false }),
    'POST /api/auth/logout': ok({ message: 'Você saiu da sua conta.' }),
    'GET /api/launch': ok({ launchAt: LAUNCH_AT_DEFAULT }),
    // The own profile of the test users, empty, so screens inside the shell can show it.
    ...Object.fromEntries(
      [ana, felipe].flatMap((person) => [
        [`GET /api/users/${person.id}`, ok(profileOf(person))],
        [`GET /api/users/${person.id}/posts`, lastPage([])],
        [`GET /api/users/${person.id}/study-stats`, ok(studyStatsOf(person))],
      ]),
    ),
    'GET /api/posts/saved': lastPage([]),
    // The create-post dialog lists the groups one can post in ('Publicar em').
    'GET /api/study-groups/my': lastPage([]),
    // The study links on the feed show how many cards are due.
    'GET /api/notebook/summary': ok({ total: 0, dueNow: 0, bySubject: [] }),
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const request = {
      method,
      path: url.pathname,
      query: url.search || undefined,
      // An upload's FormData is kept as it is, for the test to read its fields.
      body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(request);
    const key = `${method} ${url.pathname}`;
    const handler = handlers[key] ?? defaults[key];
    if (!handler) throw new Error(`Unexpected call in test: ${key}`);
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    if (reply === 'no-reply') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock };
}
