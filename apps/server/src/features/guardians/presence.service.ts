import { PRESENCE_BUCKET_MINUTES } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { ageBand, isMinorBand } from '../../lib/ages.ts';
import { findBirthDate, insertPresence } from './presence.queries.ts';

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

  record(user: { id: string; birthDate: string | null }, now = this.ctx.clock()): void {
    if (!isMinorBand(ageBand(user.birthDate, now))) return;
    const bucket = Math.floor(now.getTime() / BUCKET_MS) * BUCKET_MS;
    if (this.lastBucket.get(user.id) === bucket) return;
    if (this.lastBucket.size >= MAX_REMEMBERED) this.lastBucket.clear();
    this.lastBucket.set(user.id, bucket);
    this.ctx.tasks.run('guardians.presence', () =>
      insertPresence(this.ctx.database.db, user.id, new Date(bucket)),
    );
  }

  /** A live connection (Socket.IO) counts too; the socket knows only its user's id. */
  recordConnection(userId: string): void {
    this.ctx.tasks.run('guardians.presence', async () => {
      const user = await findBirthDate(this.ctx.database.db, userId);
      if (user) this.record(user);
    });
  }
}
