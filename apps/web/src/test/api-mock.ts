import {
  type ApiError,
  type AuthProviders,
  type CurrentUser,
  LAUNCH_AT_DEFAULT,
  type LaunchInfo,
  type MasteryCell,
  type NotebookSummary,
  type NotificationCounts,
  type Post,
  type StudyGroup,
  type StudyStatsDetail,
  type UserProfile,
} from '@estudai/contract/constants';
import { HttpHandler, HttpResponse, http, ws } from 'msw';
import { setupServer } from 'msw/node';
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
  questionsAnswered: 0,
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
  questionsAnswered: 0,
  studyStreak: 0,
  todayStudyTime: 0,
  accuracyBySubject: [],
  reviews: { dueNow: 0, dueToday: 0, reviewedToday: 0 },
  calendar: [],
  verifiedMinutesToday: 0,
  verifiedMinutesWeek: 0,
  verifiedMinutesWeekBySubject: [],
  streak: { days: 0, freezesLeft: 1 },
  ...overrides,
});

export const ok = <T>(data: T, status = 200): MockReply => ({ status, body: { data } });
/** A page of a list with nothing more after it. */
export const lastPage = <T>(data: T[]): MockReply => ({ status: 200, body: { data, hasMore: false } });
export const fail = (status: number, error: string, code = 'ERR'): MockReply => ({
  status,
  body: { error, code } satisfies ApiError,
});

/**
 * The network of every web test: MSW answers fetch as the server would (docs/decisions/024). setup.ts
 * starts it once per file and drops each test's routes after it; a route no test gave fails the call,
 * as a server that does not know it would.
 */
export const server = setupServer(
  // No realtime server in web tests (fake-socket.ts stands in where a test needs one): the socket's
  // connection fails and it retries, as it did against no server at all.
  http.all('/socket.io/', () => HttpResponse.error()),
  ws.link(/\/socket\.io\//).addEventListener('connection', ({ client }) => client.close()),
);
/** fetch as MSW intercepts it, under the recording spy each mockApi puts in its place. */
let networkFetch: typeof fetch = (...args) => fetch(...args);

export function startNetwork() {
  // MSW prints the call and rejects it, as fetch does when no server answers.
  server.listen({ onUnhandledRequest: 'error' });
  networkFetch = globalThis.fetch;
}

/** The request the handler now running answers (its query, for handlers that are given the path). */
let answering: MockRequest | undefined;
export const currentRequest = (): MockRequest | undefined => answering;

/** Calls a handler at once, as the app makes the call, so a test can answer a call it just caused. */
function answer(handler: Handler, request: MockRequest): Promise<MockReply> {
  answering = request;
  const reply = Promise.resolve(typeof handler === 'function' ? handler(request) : handler);
  reply.catch(() => {}); // a call the app gave up on before MSW saw it leaves its reply unread
  return reply;
}
/** Replies started by the recording spy, by the id it sends along in CALL_HEADER. */
const started = new Map<string, Promise<MockReply>>();
const CALL_HEADER = 'x-test-call';
let lastCallId = 0;

async function requestOf(request: Request, method: string): Promise<MockRequest> {
  const url = new URL(request.url);
  const multipart = request.headers.get('content-type')?.startsWith('multipart/form-data');
  const text = multipart ? '' : await request.text();
  return {
    method,
    path: url.pathname,
    query: url.search || undefined,
    body: multipart ? await request.formData() : text ? JSON.parse(text) : undefined,
  };
}

/** One route as MSW serves it: the handler's reply, a dropped connection, or one that never comes. */
function route(key: string, handler: Handler) {
  const [method = 'GET', path = '/'] = key.split(' ');
  return new HttpHandler(method, path, async ({ request }) => {
    const id = request.headers.get(CALL_HEADER);
    const pending = id ? started.get(id) : undefined;
    if (id) started.delete(id);
    const reply = await (pending ?? answer(handler, await requestOf(request, method)));
    if (reply === 'network-error') return HttpResponse.error();
    // MSW rejects the fetch with the signal's reason once the app gives up on it.
    if (reply === 'no-reply') return new Promise<never>(() => {});
    return new HttpResponse(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
}

/** Replies of the routes every screen of the shell asks, typed by the contract. */
function defaultRoutes(user: CurrentUser | null): Record<string, Handler> {
  return {
    'GET /api/auth/session': ok<CurrentUser | null>(user),
    'GET /api/chat/unread-count': ok<{ count: number }>({ count: 0 }),
    'GET /api/notifications/counts': ok<NotificationCounts>({ unread: 0, pendingRequests: 0 }),
    'GET /api/auth/providers': ok<AuthProviders>({ google: false }),
    'POST /api/auth/logout': ok({ message: 'Você saiu da sua conta.' }),
    'GET /api/launch': ok<LaunchInfo>({ launchAt: LAUNCH_AT_DEFAULT }),
    // The own profile of the test users, empty, so screens inside the shell can show it.
    ...Object.fromEntries(
      [ana, felipe].flatMap((person) => [
        [`GET /api/users/${person.id}`, ok(profileOf(person))],
        [`GET /api/users/${person.id}/posts`, lastPage<Post>([])],
        [`GET /api/users/${person.id}/study-stats`, ok(studyStatsOf(person))],
      ]),
    ),
    'GET /api/posts/saved': lastPage<Post>([]),
    // One's own profile shows one's mastery map (empty until answers to calibrated questions).
    'GET /api/users/me/mastery': ok<MasteryCell[]>([]),
    // The create-post dialog lists the groups one can post in ('Publicar em').
    'GET /api/study-groups/my': lastPage<StudyGroup>([]),
    // The study links on the feed show how many cards are due.
    'GET /api/notebook/summary': ok<NotebookSummary>({ total: 0, dueNow: 0, bySubject: [] }),
  };
}

/**
 * Serves handlers keyed 'METHOD /api/path' through MSW, and records every fetch (`calls`, and
 * `fetchMock`'s own). A handler runs when the app calls fetch; MSW sends its reply. Unlisted calls: /auth/session answers `user` (null when signed out),
 * /auth/providers has no Google, /auth/logout succeeds, /launch is the spec's date, ana's and
 * felipe's own profiles are empty; others fail the test.
 */
export function mockApi(handlers: Record<string, Handler> = {}, user: CurrentUser | null = null) {
  const calls: MockRequest[] = [];
  const routes = { ...defaultRoutes(user), ...handlers };
  server.use(...Object.entries(routes).map(([key, handler]) => route(key, handler)));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: MockRequest = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.search || undefined,
      // An upload's FormData is kept as it is, for the test to read its fields.
      body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler) return networkFetch(input, init);
    const id = String(++lastCallId);
    started.set(id, answer(handler, request));
    const headers = new Headers(init.headers);
    headers.set(CALL_HEADER, id);
    return networkFetch(input, { ...init, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, callsTo, fetchMock };
}
