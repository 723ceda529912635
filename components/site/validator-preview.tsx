'use client';
// The live test's map preview on the providers' page: every dataset's test answer drawn on a small
// map (the portal's MapLibre shell and basemap), fitted to the data, with a Slovak caption saying
// how many objects are drawn and which datasets could not be fetched or were cut off.
import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { basemapStyle } from '@/lib/basemap/style';
import { formatNumber } from '@/lib/map/format';
import type { MapDataset } from '@/lib/map/types';
import type { Bbox } from '@/lib/protocol/shared/geo';
import { pluralForm } from '@/lib/protocol/shared/text';
import type { LiveDatasetReport } from '@/lib/validator/report';

const MapCanvas = dynamic(() => import('../map/map-canvas'), {
  ssr: false,
  loading: () => (
    <div className="map-loading" role="status">
      Načítavam mapu…
    </div>
  ),
});

/** Colours of the previewed datasets, in turn (the portal's palette for data that names none). */
const COLOURS = ['#d62976', '#1f77b4', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];

type Preview = NonNullable<LiveDatasetReport['preview']>;

function objects(n: number): string {
  return `${formatNumber(n)} ${pluralForm(n, 'objekt', 'objekty', 'objektov')}`;
}

function union(boxes: Bbox[]): Bbox | null {
  if (!boxes.length) return null;
  return boxes.reduce((a, b) => [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);
}

/** A box of a point (or a tiny extent) grown to about a kilometre, so fitting it does not zoom into the ground. */
function atLeastKilometre(b: Bbox): Bbox {
  const pad = 0.005;
  return b[2] - b[0] < 2 * pad && b[3] - b[1] < 2 * pad ? [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad] : b;
}

function previewDataset(d: LiveDatasetReport, p: Preview, i: number): MapDataset {
  return {
    key: `nahlad/${d.id}`,
    id: d.id,
    providerId: 'nahlad',
    providerName: 'Náhľad',
    title: d.id,
    category: 'other',
    categoryLabel: 'Náhľad',
    keywords: [],
    useCases: [],
    source: { type: 'geojson', mode: p.mode },
    presentation: { type: 'auto', color: COLOURS[i % COLOURS.length] },
    attribution: '',
    // Drawn from the test's own answer (no data path, no page).
    links: { data: null, map: '' },
  };
}

function collection(p: Preview): GeoJSON.FeatureCollection {
  // The schema admits only the six GeoJSON geometry types with their coordinate arrays.
  return { type: 'FeatureCollection', features: p.geometries.map((g) => ({ type: 'Feature', properties: {}, geometry: g as GeoJSON.Geometry })) };
}

/** The caption's lines: the count drawn, then one notice per dataset not fetched, cut off or a window only. */
function previewCaption(datasets: LiveDatasetReport[]): { drawn: number; lines: string[] } {
  const shown = datasets.filter((d) => d.preview);
  const drawn = shown.reduce((n, d) => n + d.preview!.geometries.length, 0);
  const lines = [`Na mape ${pluralForm(drawn, 'je', 'sú', 'je')} ${objects(drawn)} z ${formatNumber(shown.length)} ${pluralForm(shown.length, 'datasetu', 'datasetov', 'datasetov')}.`];
  for (const d of datasets) {
    const p = d.preview;
    if (!p) {
      lines.push(`Dataset ${d.id} sa nepodarilo načítať${d.errors[0] ? ` (${d.errors[0].message})` : ''}; na mape nie je.`);
      continue;
    }
    if (p.capped) lines.push(`Dataset ${d.id}: náhľad kreslí len ${objects(p.geometries.length)} z ${objects(d.featureCount ?? p.geometries.length)} odpovede.`);
    if (p.limited) lines.push(`Dataset ${d.id}: odpoveď dosiahla limit objektov, zdroj má viac, než náhľad ukazuje.`);
    if (p.mode === 'bbox') lines.push(`Dataset ${d.id} (režim bbox): zobrazený je len testovací výrez, nie celý dataset.`);
  }
  return { drawn, lines };
}

export function ValidatorPreview({ datasets, basemapStyleUrl, basemapAttribution }: { datasets: LiveDatasetReport[]; basemapStyleUrl?: string; basemapAttribution: string }) {
  // GeoJSON datasets that answered, and datasets whose test failed; a raster dataset's tile is not drawn here.
  const vector = useMemo(() => datasets.filter((d) => d.preview || d.errors.length > 0), [datasets]);
  const { drawn, lines } = previewCaption(vector);
  const layers = useMemo(
    () => vector.flatMap((d, i) => (d.preview ? [{ dataset: previewDataset(d, d.preview, i), data: collection(d.preview) }] : [])),
    [vector],
  );
  const fit = useMemo(() => {
    const bbox = union(vector.flatMap((d) => (d.preview?.bbox ? [d.preview.bbox] : [])));
    return bbox ? atLeastKilometre(bbox) : null;
  }, [vector]);
  const style = useMemo(
    () => basemapStyle(basemapStyleUrl, typeof window === 'undefined' ? '' : window.location.origin, basemapAttribution),
    [basemapStyleUrl, basemapAttribution],
  );
  if (!vector.length) return null;
  return (
    <figure className="validator-preview" data-testid="validator-preview" data-drawn={drawn}>
      <div className="validator-preview-map" data-testid="map-canvas">
        {fit && (
          <MapCanvas
            mapStyle={style}
            layers={layers}
            initialView={{ lon: (fit[0] + fit[2]) / 2, lat: (fit[1] + fit[3]) / 2, zoom: 7 }}
            initialFit={{ bbox: fit, padding: { top: 24, right: 24, bottom: 24, left: 24 } }}
            onViewChange={() => undefined}
            onFeatureClick={() => undefined}
            querying={false}
          />
        )}
      </div>
      <figcaption data-testid="preview-caption">
        <strong>Náhľad dát pred registráciou.</strong>
        {lines.map((l, i) => (
          <span key={i} className={i === 0 ? undefined : 'preview-notice'} data-testid={i === 0 ? 'preview-count' : 'preview-notice'}>
            {' '}
            {l}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
