import { ROOM_MESSAGES } from '@estudai/contract';
import type { AppContext } from '../../context.ts';
import { weekLeaguesToCelebrate } from '../rooms/index.ts';
import { deliver, notify } from './notifications.service.ts';

// 'Liga da semana' (issue 39): on Monday each student who studied last week hears their league's top
// three. Rooms says who is owed what; this pass writes the notifications, once per person and week
// (the dedupe key), whichever process runs it and however many times.

/** How often the pass looks (it sends only on Mondays, once per person). */
const LEAGUE_PASS_MS = 15 * 60_000;

const duration = (minutes: number) =>
  minutes >= 60
    ? `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`
    : `${minutes} min`;

/** One pass: answers how many notifications were written. */
export async function runWeeklyLeague(ctx: AppContext, now: Date = ctx.clock()): Promise<number> {
  let sent = 0;
  for (const owed of await weekLeaguesToCelebrate(ctx, now)) {
    const podium = owed.top
      .map((row) => `${row.rank}º ${row.user.displayName} (${duration(row.verifiedMinutes)})`)
      .join(', ');
    const row = await ctx.database.db.transaction((tx) =>
      notify(tx, {
        userId: owed.userId,
        type: 'system',
        title: ROOM_MESSAGES.leagueNotificationTitle,
        message: `${podium}. ${ROOM_MESSAGES.leagueNotificationNewWeek}`,
        actionUrl: '/salas',
        dedupeKey: `league-week:${owed.weekStart}`,
      }),
    );
    if (row) {
      deliver(ctx, [row]);
      sent++;
    }
  }
  return sent;
}

export function registerLeagueJobs(ctx: AppContext): void {
  ctx.jobs.every('rooms.weekly-league', LEAGUE_PASS_MS, () => runWeeklyLeague(ctx));
}
