'use client';
// "Čo je tu?": what lies at a point of the map. The location (municipality, cadastral territory,
// nearest street or part) from GET /api/places/reverse; the datasets enabled on the map plus an
// automatic selection by purpose (GET /api/nearby/selection); then one GET /api/nearby per dataset,
// so each card shows its own progress and its own error, and a slow source never holds up the rest.
import { useEffect, useRef, useState } from 'react';
import { PURPOSES, cardStatus, cardStatusText, formatPoint, rasterHitValues, type FieldLabel } from '@/lib/map/citizen';
import { formatDistance, formatValue } from '@/lib/map/format';
import { fieldSpecs } from '@/lib/map/params';
import type { MapDataset } from '@/lib/map/types';
import { formatPointParam } from '@/lib/map/url-state';
import type { HitValue, NearbyResultEntry, NearbySelectionResult } from '@/lib/nearby/schema';
import type { ReverseResult } from '@/lib/places/schema';

/** Longest wait for one dataset before its card gives up (the server's own source limit is 10 s). */
export const CARD_TIMEOUT_MS = 30_000;

export interface WhatHereProps {
  point: { lon: number; lat: number };
  /** Datasets enabled on the map, in drawing order. */
  enabled: MapDataset[];
  byKey: Map<string, MapDataset>;
  /** Extra query of a dataset's nearby request: its non-default parameters (`<key>.<param>=<v>`). */
  paramQuery: (key: string) => string;
  purpose: string;
  onPurpose: (purpose: string) => void;
  onShow: (key: string) => void;
  onClose: () => void;
}

type Load<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error'; message: string };

type Card = { status: 'done'; entry: NearbyResultEntry } | { status: 'failed'; message: string };

type Selection = Pick<NearbySelectionResult, 'datasets' | 'skipped'>;

async function getJson<T>(url: string, signal: AbortSignal): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  const res = await fetch(url, { signal, headers: { Accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!res.ok || !body) return { ok: false, message: body?.error ?? `HTTP ${res.status}` };
  return { ok: true, data: body };
}

/**
 * One panel answers for one point: the map renders it with `key={formatPointParam(point)}`, so a new
 * point starts from empty state, and unmounting the old panel aborts the old point's requests.
 */
export function WhatHere({ point, enabled, byKey, paramQuery, purpose, onPurpose, onShow, onClose }: WhatHereProps) {
  // The point as the API and the link take it (`lon,lat`, 6 decimals).
  const pp = formatPointParam(point);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [reverse, setReverse] = useState<Load<ReverseResult>>({ status: 'loading' });
  // The answer for the purpose it was asked for; another purpose is loading until its own arrives.
  const [answered, setAnswered] = useState<{ purpose: string; load: Load<Selection> } | null>(null);
  const selection: Load<Selection> | null = !purpose ? null : answered?.purpose === purpose ? answered.load : { status: 'loading' };

  // Focus the panel's heading when it opens (for a new point, too: see above).
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  // Where the point is.
  useEffect(() => {
    const ctrl = new AbortController();
    getJson<ReverseResult>(`/api/places/reverse?point=${pp}`, ctrl.signal)
      .then((r) => setReverse(r.ok ? { status: 'ok', data: r.data } : { status: 'error', message: r.message }))
      .catch((e: Error) => e.name !== 'AbortError' && setReverse({ status: 'error', message: 'Poloha sa nedá určiť.' }));
    return () => ctrl.abort();
  }, [pp]);

  // The automatic selection for the purpose (datasets only; each is then queried on its own).
  useEffect(() => {
    if (!purpose) return;
    const ctrl = new AbortController();
    getJson<NearbySelectionResult>(
      `/api/nearby/selection?point=${pp}&purpose=${encodeURIComponent(purpose)}`,
      ctrl.signal,
    )
      .then((r) =>
        setAnswered({
          purpose,
          load: r.ok ? { status: 'ok', data: { datasets: r.data.datasets ?? [], skipped: r.data.skipped ?? [] } } : { status: 'error', message: r.message },
        }),
      )
      .catch((e: Error) => e.name !== 'AbortError' && setAnswered({ purpose, load: { status: 'error', message: 'Výber podľa účelu je nedostupný.' } }));
    return () => ctrl.abort();
  }, [pp, purpose]);

  // The cards: enabled datasets first, then the selection's.
  const list: CardItem[] = [];
  const seen = new Set<string>();
  for (const d of enabled) {
    if (seen.has(d.key)) continue;
    seen.add(d.key);
    list.push({ key: d.key, title: d.title, provider: d.providerName, sample: d.category === 'sample', onMap: true, raster: d.source.type === 'raster', fields: fieldSpecs(d.fields) });
  }
  if (selection?.status === 'ok') {
    for (const s of selection.data.datasets) {
      if (seen.has(s.dataset)) continue;
      seen.add(s.dataset);
      const d = byKey.get(s.dataset);
      list.push({
        key: s.dataset,
        title: s.title,
        provider: s.provider,
        sample: !!s.sample || d?.category === 'sample',
        onMap: false,
        raster: s.type === 'raster' || d?.source.type === 'raster',
        fields: fieldSpecs(d?.fields),
      });
    }
  }

  const label = `Čo je tu? ${formatPoint(point.lon, point.lat)}`;
  return (
    <section
      className="what-here"
      role="region"
      aria-label={label}
      data-testid="what-here"
    >
      <div className="what-here-head">
        <h2 ref={headingRef} tabIndex={-1} data-testid="what-here-title">
          Čo je tu?
        </h2>
        <button type="button" className="icon-button" onClick={onClose} aria-label="Zavrieť panel Čo je tu" data-testid="what-here-close">
          ×
        </button>
      </div>
      <p className="muted small what-here-point">{formatPoint(point.lon, point.lat)}</p>

      <div className="what-here-location" data-testid="what-here-location" aria-live="polite">
        {reverse.status === 'loading' && <p className="muted small">Zisťujem polohu…</p>}
        {reverse.status === 'error' && <p className="muted small">Poloha sa nedá určiť ({reverse.message}).</p>}
        {reverse.status === 'ok' && <Location r={reverse.data} />}
      </div>

      <div className="what-here-purpose">
        <label htmlFor="what-here-purpose">Na čo sa pýtate</label>
        <select id="what-here-purpose" value={purpose} onChange={(e) => {
            // A new question: the old purpose's answer no longer counts, even if it is asked again.
            setAnswered(null);
            onPurpose(e.target.value);
          }} data-testid="what-here-purpose">
          <option value="">len zapnuté vrstvy</option>
          {PURPOSES.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {selection?.status === 'loading' && <p className="muted small">Vyberám datasety…</p>}
      {selection?.status === 'error' && (
        <p className="error small" data-testid="what-here-selection-error">
          Výber podľa účelu zlyhal: {selection.message}
        </p>
      )}
      {list.length === 0 && selection?.status !== 'loading' && (
        <p className="muted small" data-testid="what-here-empty">
          Na mape nie je zapnutá žiadna vrstva. Vyberte účel alebo zapnite vrstvu v katalógu.
        </p>
      )}

      <ul className="what-here-cards" aria-label="Datasety v tomto bode">
        {list.map((c) => (
          <DatasetCard
            key={c.key}
            item={c}
            pp={pp}
            paramQuery={paramQuery}
            license={byKey.get(c.key)?.license ?? null}
            onShow={() => onShow(c.key)}
          />
        ))}
      </ul>
      {selection?.status === 'ok' && selection.data.skipped.length > 0 && (
        <p className="muted small">
          Ďalšie datasety pre tento účel (nad limit): {selection.data.skipped.map((s) => s.title).join(', ')}.
        </p>
      )}
    </section>
  );
}

function Location({ r }: { r: ReverseResult }) {
  const m = r.municipality;
  if (!m) return <p className="small">Bod leží mimo územia obcí Slovenska.</p>;
  const url = m.url ?? `/${m.slug}`;
  return (
    <>
      <p className="what-here-municipality" data-testid="what-here-municipality">
        <a href={url}>{m.name}</a>
        <span className="muted small">
          {' '}
          · {[m.type, m.district ? `okres ${m.district}` : null, m.region].filter(Boolean).join(', ')}
        </span>
      </p>
      {r.cadastralTerritory && (
        <p className="small" data-testid="what-here-cadastral">
          katastrálne územie {r.cadastralTerritory.name}
        </p>
      )}
      {r.nearest && (
        <p className="small" data-testid="what-here-nearest">
          {r.nearest.type === 'street' ? 'ulica' : 'časť obce'} {r.nearest.name}
          {r.nearest.distance > 0 && <span className="muted"> ({formatDistance(r.nearest.distance)})</span>}
        </p>
      )}
      {r.attribution && <p className="muted small">Zdroj: {r.attribution.replace(/^Zdroj:\s*/i, '')}</p>}
    </>
  );
}

interface CardItem {
  key: string;
  title: string;
  provider: string;
  sample: boolean;
  onMap: boolean;
  /** Raster datasets report the source's raw attributes; the card sorts them (HitValues). */
  raster: boolean;
  /** The dataset's fields, which name a raster's raw attributes (empty when the map lacks the dataset). */
  fields: FieldLabel[];
}

/** One dataset's card; it asks GET /api/nearby itself, so its request lives and dies with the card. */
function DatasetCard({
  item,
  pp,
  paramQuery,
  license,
  onShow,
}: {
  item: CardItem;
  pp: string;
  paramQuery: (key: string) => string;
  license: { name: string; url?: string } | null;
  onShow: () => void;
}) {
  // The map's parameters when the card opens; a changed parameter applies to the next point.
  const [extra] = useState(() => paramQuery(item.key));
  // No card yet: loading.
  const [card, setCard] = useState<Card | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, CARD_TIMEOUT_MS);
    getJson<{ results?: NearbyResultEntry[] }>(`/api/nearby?datasets=${encodeURIComponent(item.key)}&point=${pp}${extra ? `&${extra}` : ''}`, ctrl.signal)
      .then((r) => {
        const entry = r.ok ? r.data.results?.find((x) => x.dataset === item.key) ?? r.data.results?.[0] : undefined;
        setCard(entry ? { status: 'done', entry } : { status: 'failed', message: r.ok ? 'prázdna odpoveď' : r.message });
      })
      .catch((e: Error) => {
        if (e.name === 'AbortError' && !timedOut) return;
        setCard({ status: 'failed', message: timedOut ? 'zdroj neodpovedal včas' : 'portál je nedostupný' });
      })
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [item.key, pp, extra]);

  const entry = card?.status === 'done' ? card.entry : null;
  const status = entry ? cardStatus(entry) : card?.status === 'failed' ? 'error' : 'loading';
  const text = entry ? cardStatusText(entry) : card?.status === 'failed' ? `zdroj zlyhal: ${card.message}` : 'Načítavam…';
  const titleId = `card-${item.key.replace(/[^a-z0-9-]/g, '-')}`;
  return (
    <li className={`what-here-card status-${status}`} data-testid="what-here-card" data-dataset={item.key} data-status={status} aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <div className="what-here-card-head">
        <div>
          <strong id={titleId}>{item.title}</strong>
          {item.sample && (
            <span className="sample-badge" data-testid="sample-badge">
              ukážka
            </span>
          )}
          <div className="muted small">{item.provider}</div>
        </div>
        {item.onMap ? (
          <span className="muted small on-map">na mape</span>
        ) : (
          <button type="button" className="show-on-map" onClick={onShow} data-testid="what-here-show">
            Zobraziť na mape
          </button>
        )}
      </div>
      {status === 'loading' ? (
        <p className="small what-here-progress" role="status">
          <progress aria-label={`Načítavam ${item.title}`} /> Načítavam…
        </p>
      ) : (
        <p className={`small what-here-status ${status === 'error' ? 'error' : ''}`} data-testid="what-here-status">
          {text}
        </p>
      )}
      {entry?.notice && <p className="notice small">{entry.notice}</p>}
      {entry?.description && entry.hits.length > 0 && <p className="muted small">{entry.description}</p>}
      {entry && entry.hits.length > 0 && (
        <ul className="what-here-hits">
          {entry.hits.map((h, i) => (
            <li key={i} data-testid="what-here-hit">
              <div className="what-here-hit-head">
                <span>{h.url ? <a href={h.url} target="_blank" rel="noopener noreferrer">{h.title}</a> : h.title}</span>
                <span className="distance" data-testid="what-here-distance">
                  {formatDistance(h.distance)}
                </span>
              </div>
              <HitValues values={h.values} raster={item.raster} fields={item.fields} />
            </li>
          ))}
        </ul>
      )}
      {entry && (
        <p className="muted small what-here-credit">
          Zdroj: {entry.attribution.replace(/^Zdroj:\s*/i, '')}
          {(entry.license || license) && (
            <>
              {' · '}
              {license?.url ? <a href={license.url}>{entry.license ?? license.name}</a> : (entry.license ?? license?.name)}
            </>
          )}
        </p>
      )}
    </li>
  );
}

/**
 * A hit's attributes. A raster source reports technical ones next to the value (the cell's
 * coordinates and colour) and names them its own way: the value shows under the dataset's field
 * label, and "Všetky atribúty" lists every attribute under the source's names.
 */
function HitValues({ values, raster, fields }: { values: HitValue[]; raster: boolean; fields: FieldLabel[] }) {
  if (values.length === 0) return null;
  const { shown, all } = raster ? rasterHitValues(values, fields) : { shown: values, all: [] };
  return (
    <>
      <ValueList values={shown} />
      {all.length > 0 && (
        <details className="what-here-raw" data-testid="what-here-raw">
          <summary className="small">Všetky atribúty ({all.length})</summary>
          <ValueList values={all} />
        </details>
      )}
    </>
  );
}

function ValueList({ values }: { values: HitValue[] }) {
  return (
    <dl className="what-here-values">
      {values.map((v, j) => (
        <div key={j}>
          <dt title={v.description}>{v.label}</dt>
          <dd>
            {formatValue(v.value)}
            {v.legend && v.legend !== formatValue(v.value) && <> – {v.legend}</>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
