import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studyBlocks, users } from '../../db/schema/index.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Finished focus blocks, already verified, per demo person: [days ago, minutes, subject]. Ana studied
 * every one of the last six days (an 'ofensiva' and a week of hours by subject on her profile), Bruno
 * and Diego enough to rank beside her in the week's league, and Lucas (the teen) a little, which his
 * guardian's dashboard shows.
 */
const BLOCKS: Record<string, [number, number, string | null][]> = {
  'ana.souza': [
    [0, 35, 'matematica'],
    [1, 50, 'biologia'],
    [2, 30, null],
    [3, 45, 'matematica'],
    [4, 25, 'quimica'],
    [5, 40, 'biologia'],
  ],
  'bruno.lima': [
    [0, 60, 'fisica'],
    [2, 30, 'fisica'],
  ],
  'mentor.diego': [[1, 25, 'matematica']],
  'lucas.oliveira': [
    [0, 20, 'historia'],
    [1, 30, 'matematica'],
  ],
};

/** Demo data of issue 39: each block starts 90 minutes before `now` on its day. */
export async function seedDemoRooms(db: Db, now: Date): Promise<void> {
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, Object.keys(BLOCKS)));
  const rows = people.flatMap((person) =>
    (BLOCKS[person.username] ?? []).map(([daysAgo, minutes, subject]) => {
      const startedAt = new Date(now.getTime() - daysAgo * DAY - 90 * MINUTE);
      const endedAt = new Date(startedAt.getTime() + minutes * MINUTE);
      return {
        userId: person.id,
        subject,
        startedAt,
        lastSignAt: endedAt,
        endedAt,
        verifiedMinutes: minutes,
      };
    }),
  );
  if (rows.length > 0) await db.insert(studyBlocks).values(rows);
}
