'use client';
// A validator report as the providers' page shows it: errors and warnings with their hints, the
// live test's figures. Used by the validator form and by the registration answer.
import { formatNumber } from '@/lib/map/format';
import type { AnyReport, Finding } from '@/lib/validator/report';

export function Findings({ title, items, kind }: { title: string; items: Finding[]; kind: 'error' | 'warning' }) {
  if (!items.length) return null;
  return (
    <div data-testid={kind === 'error' ? 'report-errors' : 'report-warnings'}>
      <h3>
        {title} ({formatNumber(items.length)})
      </h3>
      <ul>
        {items.map((f, i) => (
          <li key={i} className="finding">
            <code>{f.code}</code> {f.path && <code>{f.path}</code>} – {f.message}
            {f.hint && <div className="hint">Tip: {f.hint}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ReportView({ report }: { report: AnyReport }) {
  return (
    <section className={`report ${report.valid ? 'ok' : 'bad'}`} data-testid="validator-report" aria-live="polite">
      <h2 data-testid="report-verdict">{report.valid ? '✓ Platné' : '✗ Neplatné'}</h2>
      <p data-testid="report-summary">{report.summary}</p>
      {report.provider && (
        <p>
          Poskytovateľ: <strong>{report.provider.name}</strong> (<code>{report.provider.id}</code>)
        </p>
      )}
      <Findings title="Chyby" items={report.errors} kind="error" />
      <Findings title="Odporúčania" items={report.warnings} kind="warning" />
      {report.datasets && report.datasets.length > 0 && (
        <div data-testid="report-datasets">
          <h3>Skúšobné dopyty na datasety</h3>
          <table className="data">
            <thead>
              <tr>
                <th scope="col">Dataset</th>
                <th scope="col" className="num">
                  Objekty
                </th>
                <th scope="col" className="num">
                  Čas
                </th>
                <th scope="col">Výsledok</th>
              </tr>
            </thead>
            <tbody>
              {report.datasets.map((d) => (
                <tr key={d.id}>
                  <td>
                    <code>{d.id}</code>
                    <div className="muted small" style={{ wordBreak: 'break-all' }}>
                      {d.request}
                    </div>
                  </td>
                  <td className="num">{d.featureCount === null ? '–' : formatNumber(d.featureCount)}</td>
                  <td className="num">{formatNumber(d.durationMs)} ms</td>
                  <td>
                    {d.errors.length === 0 && d.warnings.length === 0 && 'v poriadku'}
                    {[...d.errors, ...d.warnings].map((f, i) => (
                      <div key={i} className="finding">
                        <code>{f.code}</code> {f.message}
                        {f.hint && <div className="hint">Tip: {f.hint}</div>}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
