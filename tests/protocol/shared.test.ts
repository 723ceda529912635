// The protocol module shared by server and browser (lib/protocol/shared): the map's request and the
// data proxy agree on the tile bbox, and the server's `__dm_trend` and the detail chart's figures
// come from one rule. Property tests with fast-check, plus every chart the samples serve.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { transformCollection } from '@/lib/data/transform';
import { parseDataQuery, prepareQuery } from '@/lib/data/query';
import { chartModel, parseChart } from '@/lib/map/chart';
import { dataRequestUrl } from '@/lib/map/data-request';
import { EXAMPLES, handleExampleRequest } from '@/lib/protocol/examples';
import { foldDiacritics, normalizeName, slugify } from '@/lib/protocol/shared/text';
import { formatBbox } from '@/lib/protocol/shared/tiles';
import { computeTrend, trendOfPct } from '@/lib/protocol/shared/trend';
import { haversine, fromMercator, toMercator, tileBounds, tileOf } from '@/lib/protocol/shared/geo';
import type { Chart, DataCollection, Manifest, ManifestDataset, Trend } from '@/lib/protocol/types';
import { dataset as mapDataset } from '../map/fixtures';

const bboxDataset: ManifestDataset = {
  id: 'body',
  title: 'Body',
  source: { type: 'geojson', url: 'https://provider.example/data', mode: 'bbox' },
  presentation: { type: 'circle', color: '#336699' },
};
const bboxMapDataset = mapDataset({ key: 'p/body', source: { type: 'geojson', mode: 'bbox' } });

describe('tile alignment: the map and the data proxy', () => {
  test('10,000 random viewports: the server aligns the map\'s aligned bbox to itself', () => {
    // Viewports anywhere on the grid, Slovakia-sized and street-sized, at fractional zooms 0-22.
    const viewport = fc
      .record({
        lon: fc.double({ min: -179.99, max: 179.99, noNaN: true }),
        lat: fc.double({ min: -85, max: 85, noNaN: true }),
        w: fc.double({ min: 0, max: 40, noNaN: true }),
        h: fc.double({ min: 0, max: 20, noNaN: true }),
        zoom: fc.double({ min: 0, max: 22.99, noNaN: true }),
      })
      .map(({ lon, lat, w, h, zoom }) => {
        const scale = 2 ** -Math.floor(zoom / 2);
        const bbox: [number, number, number, number] = [
          Math.max(-180, lon - w * scale),
          Math.max(-85, lat - h * scale),
          Math.min(180, lon + w * scale),
          Math.min(85, lat + h * scale),
        ];
        return { bbox, zoom };
      });
    let reAligned = 0;
    fc.assert(
      fc.property(viewport, ({ bbox, zoom }) => {
        const url = dataRequestUrl(bboxMapDataset, { params: {}, defaults: {}, bbox, zoom })!;
        const sent = Object.fromEntries(new URL(url, 'https://portal.example').searchParams);
        // The server's path: the query string parsed by the /api/data operation, then prepared.
        const prepared = prepareQuery(bboxDataset, parseDataQuery(sent));
        if (formatBbox(prepared.tileBbox!) !== sent.bbox) reAligned++;
        expect(formatBbox(prepared.tileBbox!)).toBe(sent.bbox);
        expect(String(prepared.tileZoom)).toBe(sent.zoom);
      }),
      { numRuns: 10_000 },
    );
    expect(reAligned).toBe(0);
  });
});

/** The trend the server stores for a feature and the figures the detail chart shows agree. */
function expectAgreement(serverTrend: Trend | null, chart: unknown, threshold = 5) {
  const parsed = parseChart(chart);
  if (!parsed) {
    expect(serverTrend).toBeNull();
    return;
  }
  const m = chartModel(parsed, 260, 90, 6, threshold);
  expect(m.trend).toBe(serverTrend);
  if (m.change === null) {
    expect(serverTrend).toBeNull();
    return;
  }
  // The change figure the chart prints leads to the label the map colours by.
  const pct = m.changePct ?? (m.change === 0 ? 0 : Math.sign(m.change) * Infinity);
  expect(trendOfPct(pct, threshold)).toBe(serverTrend);
  expect(m.end.value - m.start!.value).toBeCloseTo(m.change, 9);
}

describe('trend: the label and the chart agree', () => {
  test('every chart the samples serve, for every period selection', async () => {
    const manifest = structuredClone(EXAMPLES['manifest-complete']) as Manifest;
    const stations = manifest.datasets.find((d) => d.id === 'kvalita-ovzdusia')!;
    const byTrend: ManifestDataset = { ...stations, presentation: { ...stations.presentation, color: { type: 'trend' } } as ManifestDataset['presentation'] };
    let charts = 0;
    for (let from = 2015; from <= 2024; from++) {
      for (let to = from; to <= 2024; to++) {
        const res = await handleExampleRequest(new URL(`https://portal.example/priklady/data-points.json?rok=${from},${to}`));
        const source = (await res.json()) as DataCollection;
        const { collection } = transformCollection(source, 'sample/kvalita-ovzdusia', byTrend, new Date());
        for (const f of collection.features) {
          const props = f.properties as Record<string, unknown>;
          expectAgreement((props.__dm_trend as Trend | undefined) ?? null, props.__dm_chart);
          charts++;
        }
        const aggregate = collection.dm?.chart as Chart | undefined;
        if (aggregate) {
          expectAgreement(computeTrend(aggregate), aggregate);
          charts++;
        }
      }
    }
    expect(charts).toBeGreaterThan(500);
  });

  test('random series, highlights and thresholds (property)', () => {
    const period = fc.oneof(
      fc.integer({ min: 1990, max: 2030 }).map(String),
      fc.record({ y: fc.integer({ min: 1990, max: 2030 }), m: fc.integer({ min: 1, max: 12 }) }).map(({ y, m }) => `${y}-${String(m).padStart(2, '0')}`),
    );
    const value = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 1, -1, 100));
    const series = fc.uniqueArray(fc.integer({ min: 1990, max: 2030 }), { minLength: 1, maxLength: 30 }).chain((years) =>
      fc.tuple(fc.constant([...years].sort((a, b) => a - b)), fc.array(value, { minLength: years.length, maxLength: years.length })),
    );
    const chart = fc.record({
      series,
      highlight: fc.option(fc.tuple(period, period), { nil: undefined }),
      onePeriod: fc.boolean(),
      threshold: fc.double({ min: 0, max: 50, noNaN: true }),
    });
    fc.assert(
      fc.property(chart, ({ series: [years, values], highlight, onePeriod, threshold }) => {
        const points = years.map((y, i) => ({ period: String(y), value: values[i] }));
        const h = highlight && { from: highlight[0] < highlight[1] ? highlight[0] : highlight[1], to: onePeriod ? highlight[0] : highlight[0] < highlight[1] ? highlight[1] : highlight[0] };
        const c = { label: 'x', points, ...(h ? { highlight: onePeriod ? { from: h.to, to: h.to } : h } : {}) };
        expectAgreement(computeTrend(c, threshold), c, threshold);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('geo helpers', () => {
  test('haversine: Bratislava – Košice is about 313 km', () => {
    expect(haversine(17.1077, 48.1486, 21.2611, 48.7164) / 1000).toBeCloseTo(313, -1);
  });
  test('Web Mercator round trip and tiles (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), fc.double({ min: -85, max: 85, noNaN: true }), fc.integer({ min: 0, max: 22 }), (lon, lat, z) => {
        const [x, y] = toMercator(lon, lat);
        const [lon2, lat2] = fromMercator(x, y);
        expect(lon2).toBeCloseTo(lon, 7);
        expect(lat2).toBeCloseTo(lat, 7);
        const t = tileOf(lon, lat, z);
        const b = tileBounds(z, t.x, t.y);
        expect(b[0] - 1e-9 <= lon && lon <= b[2] + 1e-9 && b[1] - 1e-9 <= lat && lat <= b[3] + 1e-9).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
  test('text folding', () => {
    expect(foldDiacritics('Žilina Ľubietová')).toBe('zilina lubietova');
    expect(normalizeName('Nové Mesto n/Váhom')).toBe('nove mesto n vahom');
    expect(slugify('Čo je na mieste?')).toBe('co-je-na-mieste');
  });
});
