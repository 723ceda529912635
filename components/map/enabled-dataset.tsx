'use client';
// One dataset on the map, in the catalog panel's "Na mape" list: its state (loading, shown, stale with
// the copy's age, failed with the reason in Slovak, out of range), notices, count, parameter controls
// and the list of its objects for keyboard access. A dataset drawn from tiles has no data in the
// browser: its count comes from its summary, its list from GET /api/data when the list is opened.
import { useEffect, useState } from 'react';
import { featureTitle } from '@/lib/nearby/describe';
import { hasDataEndpoint, summaryRequestUrl } from '@/lib/map/data-request';
import { formatCount, formatNumber } from '@/lib/map/format';
import { minZoomOf } from '@/lib/map/layer-state';
import { loadedData, type LoadState } from '@/lib/map/loads';
import { fieldSpecs, paramSpecs } from '@/lib/map/params';
import type { MapDataset } from '@/lib/map/types';
import { failureText, httpFailure } from '@/lib/map/messages';
import { api } from '../api-client';
import { ParamControl } from './controls';
import type { LayerView } from './use-layer-states';

/** Objects listed for keyboard access per dataset. */
const MAX_LISTED = 200;

export function EnabledDataset({
  dataset: d,
  load,
  layer,
  params,
  zoom,
  onParam,
  onOff,
  onSelect,
  onRetry,
}: {
  dataset: MapDataset;
  load: LoadState | undefined;
  layer: LayerView;
  params: Record<string, string>;
  zoom: number;
  onParam: (param: string, value: string) => void;
  onOff: () => void;
  onSelect: (properties: Record<string, unknown>) => void;
  onRetry: () => void;
}) {
  const specs = paramSpecs(d.params).filter((p) => p.key !== d.temporal?.param);
  const { data, dm } = loadedData(load);
  const features = data?.features ?? [];
  return (
    <div className="enabled-dataset" data-testid={`enabled-${d.key}`} data-layer-state={layer.state}>
      <div className="enabled-head">
        <strong>{d.title}</strong>
        <button type="button" className="icon-button" onClick={onOff} aria-label={`Skryť ${d.title}`}>
          ×
        </button>
      </div>
      {!hasDataEndpoint(d) && d.source.type === 'geojson' && (
        <p className="notice small">
          Dáta zobrazuje len portál; poskytuje ich{' '}
          {d.links.source ? <a href={d.links.source}>pôvodná služba</a> : 'pôvodná služba'}.
        </p>
      )}
      {layer.state === 'loading' && <p className="muted small" data-testid="dataset-loading">Načítavam…</p>}
      {layer.state === 'zoom' && (
        <p className="notice small" data-testid="dataset-zoom-notice">
          Priblížte mapu (od úrovne {minZoomOf(d)}); teraz {formatNumber(zoom, 1)}.
        </p>
      )}
      {layer.state === 'failed' && layer.failure && <LayerFailureNote dataset={d} failure={layer.failure} onRetry={onRetry} />}
      {layer.state === 'stale' && (
        <p className="notice small" data-testid="dataset-stale">
          {layer.stale}
        </p>
      )}
      {dm?.notice && layer.state !== 'stale' && (
        <p className="notice small" data-testid="dataset-notice">
          {dm.notice}
        </p>
      )}
      {load?.status === 'ok' && (
        <p className="muted small" data-testid="dataset-count">
          {formatCount(load.data.features.length, 'objekt', 'objekty', 'objektov')}
          {dm?.total !== undefined && dm.total > load.data.features.length ? ` z ${formatNumber(dm.total)}` : ''}
          {dm?.truncated ? ' (skrátené)' : ''}
        </p>
      )}
      {load?.status === 'tiles' && layer.state !== 'zoom' && <TiledCount key={`count ${load.url}`} url={load.url} />}
      {specs.map((p) => (
        <ParamControl key={p.key} spec={p} value={params[p.key] ?? p.default} onChange={(v) => onParam(p.key, v)} testId={`param-${d.key}-${p.key}`} />
      ))}
      {features.length > 0 && <FeatureList dataset={d} features={features} onSelect={onSelect} />}
      {load?.status === 'tiles' && <OnDemandFeatureList key={`list ${load.url}`} dataset={d} url={load.url} onSelect={onSelect} />}
      <a href={d.links.map} className="small">
        O datasete
      </a>
    </div>
  );
}

/** A failed layer: why in Slovak, that the portal asks again by itself, "Skúsiť znova", the code behind "podrobnosti". */
function LayerFailureNote({ dataset: d, failure, onRetry }: { dataset: MapDataset; failure: NonNullable<LayerView['failure']>; onRetry: () => void }) {
  return (
    <div className="error small" role="alert" data-testid="dataset-error">
      <p>{failureText(failure.code, d.providerName)}</p>
      <p>
        {failure.retryAt !== undefined ? 'Portál to skúša znova sám. ' : ''}
        <button type="button" className="link-button" onClick={onRetry} data-testid="dataset-retry">
          Skúsiť znova
        </button>
      </p>
      <details>
        <summary>podrobnosti</summary>
        <code>{failure.code}</code> · pokus {failure.attempt} · <span className="muted">{failure.message}</span>
      </details>
    </div>
  );
}

/**
 * The count of a dataset drawn from tiles: its summary's (the same parameters as its tiles). The
 * summary says what the tiles cannot: that the numbers come from the portal's last copy because the
 * source did not answer (`stale`, its Slovak `notice`), or that the source refused (its code).
 */
function TiledCount({ url }: { url: string }) {
  type Answer = { count: number; truncated: boolean; stale: boolean; notice?: string } | { failed: string };
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    const summaryUrl = summaryRequestUrl(url);
    if (!summaryUrl) return;
    const ctrl = new AbortController();
    api.summary(summaryUrl, ctrl.signal).then(
      (r) =>
        setAnswer(
          r.ok
            ? { count: r.data.count, truncated: r.data.truncated, stale: r.data.stale === true, notice: r.data.notice }
            : { failed: httpFailure(r.status, r.code) },
        ),
      (e: Error) => !ctrl.signal.aborted && setAnswer({ failed: e.message }),
    );
    return () => ctrl.abort();
  }, [url]);
  if (answer === null) return null;
  if ('failed' in answer) {
    return (
      <p className="error small" role="alert" data-testid="dataset-count-failed">
        Počet objektov sa nepodarilo zistiť ({answer.failed}).
      </p>
    );
  }
  return (
    <>
      <p className="muted small" data-testid="dataset-count">
        {formatCount(answer.count, 'objekt', 'objekty', 'objektov')}
        {answer.truncated ? ' (skrátené)' : ''}
      </p>
      {answer.stale || answer.notice ? (
        <p className="notice small" role={answer.stale ? 'status' : undefined} data-testid="dataset-count-notice">
          {answer.notice ?? 'Zdroj neodpovedal; počet je z poslednej kópie portálu.'}
        </p>
      ) : null}
    </>
  );
}

/** The list of a dataset drawn from tiles: its objects asked for (GET /api/data) only when a person opens it. */
function OnDemandFeatureList({ dataset: d, url, onSelect }: { dataset: MapDataset; url: string; onSelect: (properties: Record<string, unknown>) => void }) {
  const [opened, setOpened] = useState(false);
  const [list, setList] = useState<GeoJSON.Feature[] | { failed: string } | null>(null);
  useEffect(() => {
    if (!opened) return;
    const ctrl = new AbortController();
    api.data(url, ctrl.signal).then(
      (r) => setList(r.ok && 'features' in r.data ? r.data.features : { failed: r.ok ? 'HTTP 200 bez objektov' : httpFailure(r.status, r.code) }),
      (e: Error) => !ctrl.signal.aborted && setList({ failed: e.message }),
    );
    return () => ctrl.abort();
  }, [opened, url]);
  return (
    <FeatureList
      dataset={d}
      features={Array.isArray(list) ? list : []}
      onSelect={onSelect}
      onOpen={() => setOpened(true)}
      status={
        !opened || Array.isArray(list) ? null : list === null ? (
          <p className="muted small">Načítavam zoznam…</p>
        ) : (
          <p className="error small" role="alert">
            Zoznam objektov sa nepodarilo načítať ({list.failed}).
          </p>
        )
      }
    />
  );
}

function FeatureList({
  dataset: d,
  features,
  onSelect,
  onOpen,
  status,
}: {
  dataset: MapDataset;
  features: GeoJSON.Feature[];
  onSelect: (properties: Record<string, unknown>) => void;
  onOpen?: () => void;
  status?: React.ReactNode;
}) {
  const titled = { title: d.title, presentation: d.presentation, fields: fieldSpecs(d.fields) };
  return (
    <details className="feature-list" data-testid={`feature-list-${d.key}`} onToggle={(e) => e.currentTarget.open && onOpen?.()}>
      <summary>Zoznam objektov</summary>
      {status}
      <ul>
        {features.slice(0, MAX_LISTED).map((f, i) => (
          <li key={String(f.id ?? i)}>
            <button type="button" className="link-button" onClick={() => onSelect((f.properties ?? {}) as Record<string, unknown>)}>
              {featureTitle(titled, (f.properties ?? {}) as Record<string, unknown>, i + 1)}
            </button>
          </li>
        ))}
      </ul>
      {features.length > MAX_LISTED && <p className="muted small">a ďalších {formatNumber(features.length - MAX_LISTED)}</p>}
    </details>
  );
}
