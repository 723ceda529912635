// "Nahlásiť problém": a citizen's report about the site or a dataset's data, stored as plain text
// for the operator (`npm run operator -- reports`). Reports from one address are limited like
// registration attempts (the same database counter, its own key), so a script cannot flood the table.
import { createHash } from 'node:crypto';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db';
import { reports, type ReportRow } from '@/lib/db/schema';
import { ApiError } from '@/lib/errors';
import { ATTEMPT_WINDOW_SECONDS, recordRegistrationAttempt } from '@/lib/providers/rate-limit';

/** More than this many reports within ATTEMPT_WINDOW_SECONDS from one address answer 429 too_many_requests. */
export const MAX_REPORTS_PER_WINDOW = 10;

type ReportKind = ReportRow['kind'];
export type ReportStatus = ReportRow['status'];

export interface NewReport {
  kind: ReportKind;
  message: string;
  email?: string;
  page?: string;
  dataset?: string;
  point?: [number, number];
}

/** The stored form of a client address: a hash, never the address itself. */
export function clientHash(clientAddress: string): string {
  return createHash('sha256').update(`portal-report:${clientAddress}`).digest('hex');
}

/** The key of an address's reports in the shared attempt counter (registration uses the bare address). */
export function reportAttemptKey(clientAddress: string): string {
  return `report:${clientHash(clientAddress).slice(0, 32)}`;
}

/** Stores a report (input already validated); 429 too_many_requests over the per-address limit. */
export async function submitReport(input: NewReport, { clientAddress }: { clientAddress: string }): Promise<{ id: number; status: ReportStatus }> {
  const db = await getDb();
  const attempts = await recordRegistrationAttempt(db, { clientAddress: reportAttemptKey(clientAddress) });
  if (attempts > MAX_REPORTS_PER_WINDOW) {
    throw new ApiError(
      'too_many_requests',
      `More than ${MAX_REPORTS_PER_WINDOW} reports within ${ATTEMPT_WINDOW_SECONDS} s from this address; try again later.`,
      { headers: { 'Retry-After': String(ATTEMPT_WINDOW_SECONDS) } },
    );
  }
  const [row] = await db
    .insert(reports)
    .values({
      kind: input.kind,
      message: input.message,
      contactEmail: input.email ?? null,
      pagePath: input.page ?? null,
      datasetKey: input.dataset ?? null,
      providerId: input.dataset ? input.dataset.split('/')[0] : null,
      pointLon: input.point?.[0] ?? null,
      pointLat: input.point?.[1] ?? null,
      clientHash: clientHash(clientAddress),
    })
    .returning({ id: reports.id, status: reports.status });
  return row;
}

/** Reports, newest first: the open ones, or all with `all`. */
export async function listReports(db: DbOrTx, { all = false }: { all?: boolean } = {}): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(all ? undefined : eq(reports.status, 'open'))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

/** Closes an open report; false when there is no such open report. */
export async function closeReport(db: DbOrTx, { id }: { id: number }): Promise<boolean> {
  const closed = await db
    .update(reports)
    .set({ status: 'closed', closedAt: sql`now()` })
    .where(and(eq(reports.id, id), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return closed.length > 0;
}

/** Open reports per provider (reports about a dataset only). */
export async function openReportsByProvider(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ providerId: reports.providerId, n: count() })
    .from(reports)
    .where(and(eq(reports.status, 'open'), isNotNull(reports.providerId)))
    .groupBy(reports.providerId);
  return new Map(rows.map((r) => [r.providerId!, r.n]));
}
