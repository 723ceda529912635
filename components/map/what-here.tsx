'use client';
// "Čo je tu?": what lies at a point of the map. The location (municipality, cadastral territory,
// nearest street or part) from GET /api/places/reverse; the datasets enabled on the map plus an
// automatic selection by purpose (GET /api/nearby/selection); then one GET /api/nearby per dataset,
// so each card shows its own progress and its own error, and a slow source never holds up the rest.
import dynamic from 'next/dynamic';
import { useEffect, useRef } from 'react';
import { PURPOSES, formatPoint } from '@/lib/map/citizen';
import { formatDistance } from '@/lib/map/format';
import { fieldSpecs } from '@/lib/map/params';
import type { MapDataset } from '@/lib/map/types';
import { formatPointParam } from '@/lib/map/url-state';
import type { ReverseResult } from '@/lib/places/schema';
import { usePointAnswers } from './use-point-answers';
import type { OwnHit } from './tools/own-files';
import { DatasetCard, type CardItem } from './what-here-card';

/** The point's coordinates in every notation, loaded on demand (proj4 for S-JTSK). */
const Coordinates = dynamic(() => import('./what-here-coordinates'), { ssr: false });

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
  /** The person's own features under the point (tools/own-files.tsx), answered in the browser. */
  ownHits?: OwnHit[];
}

/**
 * One panel answers for one point: the map renders it with `key={formatPointParam(point)}`, so a new
 * point starts from empty state, and unmounting the old panel aborts the old point's requests.
 */
export function WhatHere({ point, enabled, byKey, paramQuery, purpose, onPurpose, onShow, onClose, ownHits = [] }: WhatHereProps) {
  // The point as the API and the link take it (`lon,lat`, 6 decimals).
  const pp = formatPointParam(point);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { reverse, selection, forgetSelection } = usePointAnswers(pp, purpose);

  // Focus the panel's heading when it opens (for a new point, too: see above).
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);

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
      <details className="what-here-coordinates-wrap" open>
        <summary className="small">Súradnice (WGS84, S-JTSK)</summary>
        <Coordinates lon={point.lon} lat={point.lat} />
      </details>

      <div className="what-here-location" data-testid="what-here-location" aria-live="polite">
        {reverse.status === 'loading' && <p className="muted small">Zisťujem polohu…</p>}
        {reverse.status === 'error' && <p className="muted small">Poloha sa nedá určiť. {reverse.message}</p>}
        {reverse.status === 'ok' && <Location r={reverse.data} />}
      </div>

      <div className="what-here-purpose">
        <label htmlFor="what-here-purpose">Na čo sa pýtate</label>
        <select id="what-here-purpose" value={purpose} onChange={(e) => {
            forgetSelection();
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

      {ownHits.length > 0 && (
        <div className="what-here-card what-here-own" data-testid="what-here-own">
          <strong>Vaše súbory</strong> <span className="muted small">(len vo vašom prehliadači)</span>
          <ul className="what-here-hits">
            {ownHits.map((h, i) => (
              <li key={i}>
                {h.title} <span className="muted small">· {h.file}</span>
                {h.description && <div className="small muted">{h.description}</div>}
              </li>
            ))}
          </ul>
        </div>
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

