import type { ModerationActionEntry, ReportQueueItem } from '@estudai/contract';
import type { moderationActions, reports, users } from '../../db/schema/index.ts';

type Party = Pick<typeof users.$inferSelect, 'id' | 'displayName' | 'username' | 'avatar' | 'userType'>;

const toParty = (user: Party) => ({
  id: user.id,
  displayName: user.displayName,
  username: user.username,
  avatar: user.avatar,
  userType: user.userType,
});

export function toQueueItem(row: {
  report: typeof reports.$inferSelect;
  reporter: Party;
  target: Party;
  reportsCount: number;
}): ReportQueueItem {
  return {
    id: row.report.id,
    reason: row.report.reason,
    description: row.report.description,
    createdAt: row.report.createdAt.toISOString(),
    reporter: toParty(row.reporter),
    target: { ...toParty(row.target), reportsCount: row.reportsCount },
  };
}

export function toModerationEntry(row: {
  entry: typeof moderationActions.$inferSelect;
  admin: Party;
  target: Party;
}): ModerationActionEntry {
  return {
    id: row.entry.id,
    reportId: row.entry.reportId,
    action: row.entry.action,
    note: row.entry.note,
    createdAt: row.entry.createdAt.toISOString(),
    admin: toParty(row.admin),
    target: toParty(row.target),
  };
}
