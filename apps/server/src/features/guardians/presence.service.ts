import { PRESENCE_BUCKET_MINUTES, STUDY_TIME_ZONE } from '@estudai/contract';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { appPresence, users } from '../../db/schema/index.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';

const BUCKET_MS = PRESENCE_BUCKET_MINUTES * 60_000;
const MAX_REMEMBERED = 50_000;

/**
 * Time in the app of minors, for their guardian's dashboard, recorded cheaply: at most one upsert
 * per user and 5-minute bucket per process (the rest are answered from memory), and nothing at all
 * for adults (nobody asks for their time, so it is not collected: LGPD's necessity).
 */
export class PresenceRecorder {
  private readonly lastBucket = new Map<string, number>();

  constructor(private readonly ctx: AppContext) {}

  record(user: { id: string; birthDate: string | null }, now = new Date()): void {
    if (!isMinorBand(ageBand(user.birthDate, now))) return;
    const bucket = Math.floor(now.getTime() / BUCKET_MS) * BUCKET_MS;
    if (this.lastBucket.get(user.id) === bucket) return;
    if (this.lastBucket.size >= MAX_REMEMBERED) this.lastBucket.clear();
    this.lastBucket.set(user.id, bucket);
    this.ctx.tasks.run('guardians.presence', () =>
      this.ctx.database.db
        .insert(appPresence)
        .values({ userId: user.id, bucket: new Date(bucket) })
        .onConflictDoNothing(),
    );
  }

  /** A live connection (Socket.IO) counts too; the socket knows only its user's id. */
  recordConnection(userId: string): void {
    this.ctx.tasks.run('guardians.presence', async () => {
      const [user] = await this.ctx.database.db
        .select({ id: users.id, birthDate: users.birthDate })
        .from(users)
        .where(eq(users.id, userId));
      if (user) this.record(user);
    });
  }
}

/** Minutes in the app per Brasília day from `since` on: 5 per bucket with any activity. */
export async function presenceMinutesByDay(
  db: Tx,
  userId: string,
  since: Date,
): Promise<Map<string, number>> {
  const day = sql<string>`((${appPresence.bucket} at time zone ${STUDY_TIME_ZONE})::date)::text`;
  const rows = await db
    .select({ day, buckets: sql<number>`count(*)`.mapWith(Number) })
    .from(appPresence)
    .where(and(eq(appPresence.userId, userId), gte(appPresence.bucket, since)))
    // By position: the time zone is a parameter, written twice it would be two different ones.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day, row.buckets * PRESENCE_BUCKET_MINUTES]));
}
