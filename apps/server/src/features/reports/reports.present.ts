import {
  type ModerationActionEntry,
  type ReportedContent,
  type ReportQueueItem,
  URGENT_REPORT_REASONS,
} from '@estudai/contract';
import type { moderationActions, reports, users } from '../../db/schema/index.ts';

type Party = Pick<typeof users.$inferSelect, 'id' | 'displayName' | 'username' | 'avatar' | 'userType'>;

const toParty = (user: Party) => ({
  id: user.id,
  displayName: user.displayName,
  username: user.username,
  avatar: user.avatar,
  userType: user.userType,
});

export function toQueueItem(
  row: {
    report: typeof reports.$inferSelect;
    reporter: Party;
    target: Party;
    reportsCount: number;
  },
  content: ReportedContent | null,
): ReportQueueItem {
  const { report } = row;
  return {
    id: report.id,
    reason: report.reason,
    description: report.description,
    createdAt: report.createdAt.toISOString(),
    reporter: toParty(row.reporter),
    target: { ...toParty(row.target), reportsCount: row.reportsCount },
    urgent: report.status === 'open' && URGENT_REPORT_REASONS.includes(report.reason),
    content,
    contest:
      report.contestStatus === 'pending' && report.contestReason && report.contestedAt
        ? { reason: report.contestReason, createdAt: report.contestedAt.toISOString() }
        : null,
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
