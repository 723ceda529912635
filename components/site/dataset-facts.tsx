// Fields, parameters, licence and attribution of a dataset, as tables for its page.
import { formatNumber } from '@/lib/map/format';
import { fieldSpecs, paramSpecs } from '@/lib/map/params';
import type { MapDataset } from '@/lib/map/types';

const FIELD_TYPES: Record<string, string> = {
  string: 'text',
  number: 'číslo',
  integer: 'celé číslo',
  boolean: 'áno/nie',
  date: 'dátum',
  url: 'odkaz',
};
const PARAM_TYPES: Record<string, string> = {
  enum: 'výber jednej hodnoty',
  'multi-enum': 'výber viacerých hodnôt',
  range: 'rozsah',
  'date-range': 'rozsah dátumov',
  number: 'číslo',
  text: 'text',
};

export function FieldsTable({ dataset }: { dataset: MapDataset }) {
  const fields = fieldSpecs(dataset.fields);
  if (!fields.length) return <p className="muted">Dataset neopisuje svoje atribúty.</p>;
  return (
    <table className="data" data-testid="fields-table">
      <thead>
        <tr>
          <th scope="col">Atribút</th>
          <th scope="col">Kľúč</th>
          <th scope="col">Typ</th>
          <th scope="col">Popis</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.key}>
            <td>{f.label}</td>
            <td>
              <code>{f.key}</code>
            </td>
            <td>
              {FIELD_TYPES[f.type ?? 'string'] ?? f.type}
              {f.unit ? ` (${f.unit})` : ''}
            </td>
            <td>{f.description ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ParamsTable({ dataset }: { dataset: MapDataset }) {
  const params = paramSpecs(dataset.params);
  if (!params.length) return null;
  return (
    <>
      <h2>Parametre</h2>
      <table className="data" data-testid="params-table">
        <thead>
          <tr>
            <th scope="col">Parameter</th>
            <th scope="col">Kľúč</th>
            <th scope="col">Typ</th>
            <th scope="col">Predvolená hodnota</th>
          </tr>
        </thead>
        <tbody>
          {params.map((p) => (
            <tr key={p.key}>
              <td>
                {p.label}
                {dataset.temporal?.param === p.key ? ' (časový filter)' : ''}
              </td>
              <td>
                <code>{p.key}</code>
              </td>
              <td>
                {PARAM_TYPES[p.type] ?? p.type}
                {p.options.length ? `: ${p.options.map((o) => o.label).join(', ')}` : ''}
                {p.min !== undefined || p.max !== undefined ? ` (${p.min ?? '…'} – ${p.max ?? '…'})` : ''}
              </td>
              <td>
                <code>{p.default || '–'}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function LicenceFacts({ dataset }: { dataset: MapDataset }) {
  const c = dataset.coverage;
  return (
    <dl className="stats">
      <div>
        <dt>Poskytovateľ</dt>
        <dd style={{ fontSize: 16 }}>{dataset.providerName}</dd>
      </div>
      <div>
        <dt>Licencia</dt>
        <dd style={{ fontSize: 16 }} data-testid="dataset-license">
          {dataset.license?.url ? <a href={dataset.license.url}>{dataset.license.name}</a> : (dataset.license?.name ?? 'neuvedená')}
        </dd>
      </div>
      <div>
        <dt>Uvádzanie zdroja</dt>
        <dd style={{ fontSize: 16 }} data-testid="dataset-attribution">
          {dataset.attribution}
        </dd>
      </div>
      <div>
        <dt>Kategória</dt>
        <dd style={{ fontSize: 16 }}>{dataset.categoryLabel ?? dataset.category ?? 'Ostatné'}</dd>
      </div>
      <div>
        <dt>Typ dát</dt>
        <dd style={{ fontSize: 16 }}>
          {dataset.source.type === 'raster'
            ? 'rastrové dlaždice'
            : dataset.source.mode === 'bbox'
              ? 'GeoJSON po výrezoch mapy'
              : 'GeoJSON, celý dataset'}
        </dd>
      </div>
      {c?.area && (
        <div>
          <dt>Územie</dt>
          <dd style={{ fontSize: 16 }}>{c.area}</dd>
        </div>
      )}
      {typeof c?.minZoom === 'number' && (
        <div>
          <dt>Načítava sa od priblíženia</dt>
          <dd style={{ fontSize: 16 }}>{formatNumber(c.minZoom)}</dd>
        </div>
      )}
      {dataset.temporal?.updated && (
        <div>
          <dt>Aktualizované</dt>
          <dd style={{ fontSize: 16 }}>
            {dataset.temporal.updated}
            {dataset.temporal.frequency ? ` (${dataset.temporal.frequency})` : ''}
          </dd>
        </div>
      )}
    </dl>
  );
}
