import { and, asc, eq, gte, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { reports, users } from '../../db/schema/index.ts';

export interface ReportFilter {
  userId?: string;
  reason?: string;
}

type UsersAlias = ReturnType<typeof alias<typeof users, string>>;

const party = (table: UsersAlias) => ({
  id: table.id,
  displayName: table.displayName,
  username: table.username,
  avatar: table.avatar,
  userType: table.userType,
});

const reportWhere = (filter: ReportFilter, open: boolean) =>
  and(
    open ? eq(reports.status, 'open') : and(ne(reports.status, 'open'), isNotNull(reports.resolvedAt)),
    filter.userId ? eq(reports.targetId, filter.userId) : undefined,
    filter.reason ? sql`${reports.reason} = ${filter.reason}` : undefined,
  );

/** Open reports, oldest first; one row more than `limit`. */
export function listOpenReportRows(db: Tx, filter: ReportFilter & { limit: number; offset: number }) {
  const reporter = alias(users, 'reporter');
  const target = alias(users, 'target');
  return db
    .select({
      report: reports,
      reporter: party(reporter),
      target: party(target),
      reportsCount: sql<number>`(select count(*) from ${reports} as open_of_target
        where open_of_target.target_id = ${reports.targetId} and open_of_target.status = 'open')`.mapWith(
        Number,
      ),
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .innerJoin(target, eq(target.id, reports.targetId))
    .where(reportWhere(filter, true))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(filter.limit + 1)
    .offset(filter.offset);
}

export async function countOpenReports(db: Tx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(reports)
    .where(reportWhere({}, true));
  return row?.n ?? 0;
}

/** Median seconds from report to decision, over reports decided since `since`. */
export async function medianReportSeconds(db: Tx, since: Date): Promise<number | null> {
  const [row] = await db
    .select({
      median: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from (${reports.resolvedAt} - ${reports.createdAt})))`,
    })
    .from(reports)
    .where(and(reportWhere({}, false), gte(reports.resolvedAt, since)));
  return row?.median == null ? null : Number(row.median);
}

/** The open reports about a person, oldest first, locked until the transaction ends (bulk decisions). */
export function openReportsOfForUpdate(tx: Tx, targetId: string) {
  return tx
    .select()
    .from(reports)
    .where(and(eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .for('update');
}
