// Every approved dataset with data in one municipality (lib/pages/site-data municipalityDatasets):
// its count of objects there, the values of the area it lies in (cartograms), map layers covering
// it; the most relevant first (the town's own provider, local, regional, nationwide), the rest
// behind "Zobraziť všetky" (a <details>, readable without JavaScript).
import Link from 'next/link';
import { formatCount, formatNumber } from '@/lib/map/format';
import { MUNICIPALITY_DATASETS_SHOWN, type MunicipalityDatasetSummary, type MunicipalityReach } from '@/lib/pages/site-data';

const REACH_LABELS: Record<MunicipalityReach, string> = {
  own: 'dáta obce',
  local: 'miestne',
  regional: 'regionálne',
  national: 'celoštátne',
};

function Rows({ entries }: { entries: MunicipalityDatasetSummary[] }) {
  return (
    <table className="data">
      <thead>
        <tr>
          <th scope="col">Dataset</th>
          <th scope="col">Rozsah</th>
          <th scope="col" className="num">
            Objekty v obci
          </th>
          <th scope="col">Hodnoty územia</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(({ dataset, summary, note, link, reach, kind }) => (
          <tr key={dataset.key} data-testid={`municipality-dataset-${dataset.key}`} data-reach={reach} data-state={kind === 'unknown' ? 'failed' : summary?.stale ? 'stale' : 'ok'}>
            <td>
              <Link href={link}>{dataset.title}</Link>
              <div className="muted small">{dataset.providerName}</div>
            </td>
            <td>{REACH_LABELS[reach]}</td>
            <td className="num" data-value={summary?.count ?? ''}>
              {summary ? formatNumber(summary.count) : kind === 'unknown' ? 'neznámy' : '–'}
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
                : null}
              {note && (!summary?.own?.length || summary.stale) && <div className={kind === 'unknown' ? 'failure-text' : summary?.stale ? 'stale-text' : undefined}>{note}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function MunicipalityDatasets({ municipality, entries }: { municipality: { name: string }; entries: MunicipalityDatasetSummary[] }) {
  if (!entries.length) return null;
  const shown = entries.slice(0, MUNICIPALITY_DATASETS_SHOWN);
  const more = entries.slice(MUNICIPALITY_DATASETS_SHOWN);
  return (
    <section aria-labelledby="muni-data-title" data-testid="municipality-datasets">
      <h2 id="muni-data-title">Dáta o obci {municipality.name}</h2>
      <p className="muted">
        {formatCount(entries.length, 'dataset má', 'datasety majú', 'datasetov má')} dáta v obci {municipality.name}: najprv dáta
        samotnej obce a miestne, potom regionálne a celoštátne.
      </p>
      <Rows entries={shown} />
      {more.length > 0 && (
        <details data-testid="municipality-datasets-more">
          <summary>Zobraziť všetky ({formatNumber(entries.length)})</summary>
          <Rows entries={more} />
        </details>
      )}
    </section>
  );
}
