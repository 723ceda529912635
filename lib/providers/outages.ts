// "A source down for more than an hour": a dataset (or the manifest) whose requests have all failed
// since its last success, the first of those failures over an hour ago and the newest one failed too.
// One e-mail per outage (the dedupe key holds the outage's start), however many instances look.
import { getDb, getSql } from '@/lib/db';
import { contactOf, enqueueNotification, sourceDownMessage } from '@/lib/notifications';
import { listProviders } from './queries';

const OUTAGE_NOTICE_MINUTES = 60;

interface OutageRow {
  provider_id: string;
  dataset_id: string | null;
  down_since: Date;
  last_code: string;
  last_status: number | null;
}

/** Queues a `source_down` e-mail for each outage longer than `minutes`; returns how many were new. */
export async function notifyLongOutages(minutes = OUTAGE_NOTICE_MINUTES): Promise<number> {
  const [sql, db] = await Promise.all([getSql(), getDb()]);
  // Raw SQL: aggregate filters and DISTINCT ON over the recent records have no builder equivalent.
  const rows = await sql<OutageRow[]>`
    with last as (
      select distinct on (provider_id, dataset_id) provider_id, dataset_id, outcome, http_status, at
      from source_requests where at > now() - interval '8 days'
      order by provider_id, dataset_id, at desc, id desc
    ), lastok as (
      select provider_id, dataset_id, max(at) filter (where outcome = 'ok') as ok_at
      from source_requests where at > now() - interval '8 days' group by provider_id, dataset_id
    )
    select l.provider_id, l.dataset_id, l.outcome as last_code, l.http_status as last_status,
      (select min(s.at) from source_requests s
        where s.provider_id = l.provider_id and s.dataset_id is not distinct from l.dataset_id
          and s.at > coalesce(o.ok_at, now() - interval '8 days')) as down_since
    from last l join lastok o on o.provider_id = l.provider_id and o.dataset_id is not distinct from l.dataset_id
    where l.outcome <> 'ok'`;
  const long = rows.filter((r) => r.down_since && Date.now() - new Date(r.down_since).getTime() > minutes * 60_000);
  if (!long.length) return 0;
  const records = new Map((await listProviders(db)).map((p) => [p.id, p]));
  let queued = 0;
  for (const r of long) {
    const p = records.get(r.provider_id);
    if (!p || p.approval === 'rejected') continue;
    const manifest = p.approvedManifest ?? p.manifest;
    const dataset = r.dataset_id ? manifest.datasets.find((d) => d.id === r.dataset_id) : null;
    if (r.dataset_id && !dataset) continue;
    const since = new Date(r.down_since);
    const what = dataset ? `Zdroj datasetu „${dataset.title}“` : 'Manifest';
    const message = sourceDownMessage({ id: p.id, name: manifest.provider.name, what, since, code: r.last_code, httpStatus: r.last_status });
    const added = await enqueueNotification(db, {
      providerId: p.id,
      kind: 'source_down',
      recipient: contactOf(manifest),
      message,
      dedupeKey: `source_down:${p.id}:${r.dataset_id ?? 'manifest'}:${since.toISOString()}`,
      detail: { dataset: r.dataset_id, since: since.toISOString(), code: r.last_code, httpStatus: r.last_status },
    });
    if (added) queued++;
  }
  return queued;
}
