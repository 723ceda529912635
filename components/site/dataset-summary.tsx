// The summary numbers of a dataset (whole territory or one municipality): the same object
// GET /api/summary/{provider}/{dataset} answers (lib/summary summarizeDataset), rendered.
import type { DatasetSummary } from '@/lib/summary/schema';
import { formatNumber } from '@/lib/map/format';

export interface SummaryFallback {
  /** Objects in the dataset, when no summary object is available. */
  count: number | null;
  truncated?: boolean;
  note?: string;
  /** The numbers are unknown now (a failed source): said as such, never an empty-looking summary. */
  failed?: boolean;
}

function valueWithUnit(v: number, unit: string | null | undefined): string {
  return `${formatNumber(v)}${unit ? ` ${unit}` : ''}`;
}

export function DatasetSummaryView({
  summary,
  fallback,
  scope,
}: {
  summary: DatasetSummary | null;
  fallback?: SummaryFallback;
  /** "na Slovensku" or "v obci Žilina". */
  scope: string;
}) {
  const count = summary ? summary.count : (fallback?.count ?? null);
  const truncated = summary ? summary.truncated : fallback?.truncated;
  const unknown = !summary && fallback?.failed === true;
  return (
    <section aria-labelledby="summary-title" data-testid="dataset-summary">
      <h2 id="summary-title">Súhrn {scope}</h2>
      <dl className="stats">
        <div>
          <dt>Počet objektov</dt>
          <dd data-testid="summary-count" data-value={count ?? ''}>
            {unknown ? 'neznámy' : formatNumber(count)}
            {truncated ? '+' : ''}
          </dd>
        </div>
        {summary?.rankings && (
          <div>
            <dt>Objekty s hodnotou „{summary.rankings.label}“</dt>
            <dd data-testid="summary-ranked-count" data-value={summary.rankings.count}>
              {formatNumber(summary.rankings.count)}
            </dd>
          </div>
        )}
      </dl>
      {truncated && <p className="muted">Zdroj poskytol len časť dát; čísla sú dolnou hranicou.</p>}
      {unknown && fallback?.note && (
        <div className="failure" role="note" data-testid="summary-unavailable">
          {fallback.note}
        </div>
      )}
      {summary?.stale && summary.notice && (
        <div className="warning" role="note" data-testid="summary-stale">
          {summary.notice} Čísla sú z kópie portálu.
        </div>
      )}
      {!unknown && !summary?.stale && (summary?.notice || fallback?.note) && <p className="muted">{summary?.notice ?? fallback?.note}</p>}

      {summary?.own && summary.own.length > 0 && (
        <div data-testid="summary-own">
          <h3>Územie obce</h3>
          {summary.own.map((o, i) => (
            <div key={i}>
              <strong>{o.title}</strong>
              {o.category && <span> – {o.category.label}</span>}
              {o.rank && (
                <span className="muted">
                  {' '}
                  ({formatNumber(o.rank.position)}. z {formatNumber(o.rank.of)})
                </span>
              )}
              <ul>
                {o.values.map((v, j) => (
                  <li key={j}>
                    {v.label}: {String(v.value)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}

      {summary?.categories && summary.categories.items.length > 0 && (
        <div>
          <h3>{summary.categories.label ?? 'Kategórie'}</h3>
          <table className="data" data-testid="summary-categories">
            <thead>
              <tr>
                <th scope="col">Kategória</th>
                <th scope="col" className="num">
                  Počet
                </th>
              </tr>
            </thead>
            <tbody>
              {summary.categories.items.map((c) => (
                <tr key={c.key} data-testid={`summary-category-${c.key}`} data-value={c.count}>
                  <td>
                    {c.color && <span className="swatch" style={{ background: c.color, marginRight: 6 }} aria-hidden="true" />}
                    {c.label}
                  </td>
                  <td className="num">{formatNumber(c.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {summary?.rankings && (summary.rankings.highest.length > 0 || summary.rankings.lowest.length > 0) && (
        <div className="columns" data-testid="summary-rankings">
          <div>
            <h3>Najvyššie hodnoty</h3>
            <ol>
              {summary.rankings.highest.map((r, i) => (
                <li key={i}>
                  {r.title}: <strong>{valueWithUnit(r.value, summary.rankings!.unit)}</strong>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3>Najnižšie hodnoty</h3>
            <ol>
              {summary.rankings.lowest.map((r, i) => (
                <li key={i}>
                  {r.title}: <strong>{valueWithUnit(r.value, summary.rankings!.unit)}</strong>
                </li>
              ))}
            </ol>
          </div>
        </div>
      )}
    </section>
  );
}
