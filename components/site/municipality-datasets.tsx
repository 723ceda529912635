// The approved nationwide datasets for one municipality: its count of objects, the values of the
// area it lies in (cartograms) and links to the dataset pages.
import Link from 'next/link';
import { formatNumber } from '@/lib/map/format';
import type { MunicipalityDatasetSummary } from '@/lib/map/site-data';

export function MunicipalityDatasets({
  municipality,
  summaries,
}: {
  municipality: { name: string };
  summaries: MunicipalityDatasetSummary[];
}) {
  if (!summaries.length) return null;
  return (
    <section aria-labelledby="muni-data-title" data-testid="municipality-datasets">
      <h2 id="muni-data-title">Dáta o obci {municipality.name}</h2>
      <table className="data">
        <thead>
          <tr>
            <th scope="col">Dataset</th>
            <th scope="col" className="num">
              Objekty v obci
            </th>
            <th scope="col">Hodnoty územia</th>
          </tr>
        </thead>
        <tbody>
          {summaries.map(({ dataset, summary, note, link }) => (
            <tr key={dataset.key} data-testid={`municipality-dataset-${dataset.key}`}>
              <td>
                <Link href={link}>{dataset.title}</Link>
                <div className="muted small">{dataset.providerName}</div>
              </td>
              <td className="num" data-value={summary?.count ?? ''}>
                {summary ? formatNumber(summary.count) : '–'}
              </td>
              <td>
                {summary?.own?.length
                  ? summary.own.map((o, i) => (
                      <div key={i}>
                        {o.values
                          .slice(0, 4)
                          .map((v) => `${v.label}: ${String(v.value)}`)
                          .join(' · ')}
                        {o.rank ? ` (${formatNumber(o.rank.position)}. z ${formatNumber(o.rank.of)})` : ''}
                      </div>
                    ))
                  : (note ?? '')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
