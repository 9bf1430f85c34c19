import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, studySessions, users } from '../../db/schema/index.ts';

type Username = 'ana.souza' | 'bruno.lima' | 'prof.carla' | 'mentor.diego' | 'tutora.elisa' | 'admin';

const FOLLOWS: [Username, Username][] = [
  ['ana.souza', 'bruno.lima'],
  ['bruno.lima', 'ana.souza'],
  ['ana.souza', 'prof.carla'],
  ['bruno.lima', 'prof.carla'],
  ['tutora.elisa', 'prof.carla'],
  ['mentor.diego', 'prof.carla'],
  ['prof.carla', 'ana.souza'],
  ['mentor.diego', 'bruno.lima'],
];

/** Study sessions of the demo students: [days ago, hour in Brasília, minutes]. */
const SESSIONS: Partial<Record<Username, [number, number, number][]>> = {
  'ana.souza': [
    [1, 19, 50],
    [2, 20, 75],
    [3, 18, 40],
    [5, 9, 120],
  ],
  'bruno.lima': [
    [1, 21, 30],
    [4, 14, 90],
  ],
};

/** An instant `daysAgo` days before `now` at `hour`:00 in Brasília (UTC-3, no daylight saving). */
function brasiliaTime(now: Date, daysAgo: number, hour: number): Date {
  const date = new Date(now.getTime() - daysAgo * 24 * 60 * 60 * 1000);
  date.setUTCHours(hour + 3, 0, 0, 0);
  return date;
}

/** Demo follows and study history, so the profiles show real counts and statistics. */
export async function seedDemoProfiles(db: Db, now: Date): Promise<void> {
  const usernames = [...new Set([...FOLLOWS.flat(), ...(Object.keys(SESSIONS) as Username[])])];
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, usernames));
  const idOf = new Map(rows.map((row) => [row.username, row.id]));
  const id = (username: Username) => {
    const found = idOf.get(username);
    if (!found) throw new Error(`demo user ${username} is missing`);
    return found;
  };
  await db
    .insert(follows)
    .values(
      FOLLOWS.map(([follower, following]) => ({ followerId: id(follower), followingId: id(following) })),
    )
    .onConflictDoNothing();
  const sessions = Object.entries(SESSIONS).flatMap(([username, list]) =>
    (list ?? []).map(([daysAgo, hour, minutes]) => {
      const startedAt = brasiliaTime(now, daysAgo, hour);
      return {
        userId: id(username as Username),
        startedAt,
        endedAt: new Date(startedAt.getTime() + minutes * 60_000),
        durationSeconds: minutes * 60,
        kind: 'timer' as const,
      };
    }),
  );
  await db.insert(studySessions).values(sessions);
}
