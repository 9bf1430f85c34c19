import type { StoredQuestion } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { addMember, createGroup, createPost, createUser, signedInAs } from './factories.ts';

// What the simulado tests share: an app on a clock the test moves, a group with its owner (a
// professor) and members, and question posts to pick.

export type User = Awaited<ReturnType<typeof createUser>>;

/** A clock that stands still until the test moves it. */
class TestClock {
  constructor(public current: Date) {}
  now = () => new Date(this.current);
  set(at: string | Date) {
    this.current = new Date(at);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const MINUTE = 60_000;
/** 2026-11-26 10:00 in Brasília. */
const T0 = new Date('2026-11-26T10:00:00-03:00');

export interface SimuladoWorld {
  t: TestApp;
  clock: TestClock;
  owner: User;
  members: User[];
  groupId: string;
  /** Question posts on the main feed, all four options, key at `correctAnswer`. */
  questionIds: string[];
  call: (
    user: { id: string },
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    // biome-ignore lint/suspicious/noExplicitAny: replies are read loosely, as app.inject's own json() is
  ) => Promise<{ statusCode: number; json: () => any }>;
}

/** The n-th demo question: keys cycle 0–3; subjects alternate matemática/física. */
export function questionData(n: number): StoredQuestion {
  return {
    question: `Questão ${n + 1} do simulado`,
    options: ['A', 'B', 'C', 'D'],
    correctAnswer: n % 4,
    explanation: `Explicação da questão ${n + 1}.`,
    subject: n % 2 === 0 ? 'matematica' : 'fisica',
    topic: n % 2 === 0 ? 'Funções' : 'Cinemática',
  };
}

export interface SimuladoApp {
  t: TestApp;
  clock: TestClock;
}

/** The app of a simulado test file, on a clock the tests move: built once, in `beforeAll` (decision 020). */
export async function simuladoApp(overrides: Parameters<typeof buildTestApp>[0] = {}): Promise<SimuladoApp> {
  const clock = new TestClock(T0);
  const t = await buildTestApp(
    { simuladoSweepIntervalMs: 0, recalibrationIntervalMs: 0, ...overrides },
    { clock: clock.now },
  );
  return { t, clock };
}

/**
 * A test's world on the file's app, which `resetTestApp` emptied before: the clock back at T0, a group
 * with its owner and members, and question posts.
 */
export async function simuladoWorld(
  { t, clock }: SimuladoApp,
  options: { members?: number; questions?: number } = {},
): Promise<SimuladoWorld> {
  clock.set(T0);
  const owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Professora' });
  const group = await createGroup(t.app, owner);
  const members: User[] = [];
  for (let i = 0; i < (options.members ?? 2); i++) {
    const member = await createUser(t.app, { displayName: `Membro${i + 1} Sobrenome` });
    await addMember(t.app, group, member);
    members.push(member);
  }
  const questionIds: string[] = [];
  for (let n = 0; n < (options.questions ?? 6); n++) {
    const post = await createPost(t.app, owner, { type: 'question', questionData: questionData(n) });
    questionIds.push(post.id);
  }
  const cookies = new Map<string, string>();
  const call: SimuladoWorld['call'] = async (user, method, url, payload) => {
    let cookie = cookies.get(user.id);
    if (!cookie) {
      cookie = await signedInAs(t.app, user);
      cookies.set(user.id, cookie);
    }
    return t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
  };
  return { t, clock, owner, members, groupId: group.id, questionIds, call };
}

/** A create body: every question of the world, 60 minutes, open now until 18:00 Brasília. */
export function simuladoBody(world: SimuladoWorld, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Simulado ENEM — Matemática e Física',
    questions: world.questionIds.map((postId) => ({ postId, questionIndex: null })),
    durationMinutes: 60,
    opensAt: 'now',
    closesAt: '2026-11-26T18:00',
    showRanking: true,
    ...overrides,
  };
}

/** Creates and publishes a simulado as the owner; answers its id. */
export async function publishedSimulado(world: SimuladoWorld, overrides: Record<string, unknown> = {}) {
  const created = await world.call(world.owner, 'POST', `/api/study-groups/${world.groupId}/simulados`, {
    ...simuladoBody(world),
    ...overrides,
  });
  if (created.statusCode !== 201)
    throw new Error(`create answered ${created.statusCode}: ${JSON.stringify(created.json())}`);
  const id: string = created.json().data.id;
  const published = await world.call(world.owner, 'POST', `/api/simulados/${id}/publish`);
  if (published.statusCode !== 200) throw new Error(`publish answered ${published.statusCode}`);
  return id;
}

let clientIds = 0;
/** A fresh UUID-shaped clientId, unique in the run. */
export function clientId(): string {
  clientIds++;
  return `00000000-0000-4000-8000-${clientIds.toString(16).padStart(12, '0')}`;
}

export function answer(
  world: SimuladoWorld,
  user: User,
  simuladoId: string,
  index: number,
  optionIndex: number,
  extra: Record<string, unknown> = {},
) {
  return world.call(user, 'PUT', `/api/simulados/${simuladoId}/attempts/me/answers/${index}`, {
    optionIndex,
    clientId: clientId(),
    ...extra,
  });
}
