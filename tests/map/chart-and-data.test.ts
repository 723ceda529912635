import { describe, expect, test } from 'vitest';
import { chartModel, parseChart, timelineBars } from '@/lib/map/chart';
import { trendOfPct } from '@/lib/protocol/shared/trend';
import { belowMinZoom, dataRequestUrl } from '@/lib/map/data-request';
import { alignBboxToTiles } from '@/lib/protocol/shared/tiles';
import { formatChange, formatCount, pluralForm, formatNumber, formatPeriod } from '@/lib/map/format';
import { paramDefaults, paramSpecs, fieldSpecs } from '@/lib/map/params';
import { dataset } from './fixtures';

const chart = {
  label: 'Počet obyvateľov',
  unit: 'ob.',
  points: [
    { period: '2019', value: 100 },
    { period: '2020', value: 110 },
    { period: '2021', value: 120 },
    { period: '2022', value: 90 },
  ],
};

describe('chartModel', () => {
  test('without highlight: from the first to the last point', () => {
    const m = chartModel(chart, 200, 100, 0);
    expect(m.end).toMatchObject({ period: '2022', value: 90, x: 200 });
    expect(m.start?.period).toBe('2019');
    expect(m.change).toBe(-10);
    expect(m.changePct).toBeCloseTo(-10);
    expect(m.trend).toBe('klesá');
    expect(m.band).toBeNull();
    expect(m.path.startsWith('M0 ')).toBe(true);
    expect(m.points[2].y).toBe(0); // the maximum is at the top
  });
  test('a highlight range: shaded, its end value, change from its start', () => {
    const m = chartModel({ ...chart, highlight: { from: '2019', to: '2021' } }, 300, 100, 0);
    expect(m.end.value).toBe(120);
    expect(m.change).toBe(20);
    expect(m.trend).toBe('roste');
    expect(m.band!.x0).toBe(0);
    expect(m.band!.x1).toBeCloseTo(250);
  });
  test('a single highlighted period measures from the series start', () => {
    const m = chartModel({ ...chart, highlight: { from: '2020', to: '2020' } });
    expect(m.end.value).toBe(110);
    expect(m.start?.value).toBe(100);
  });
  test('a single highlighted period on the first point has a value but no change or trend', () => {
    const m = chartModel({ ...chart, highlight: { from: '2019', to: '2019' } });
    expect(m.end.value).toBe(100);
    expect(m.change).toBeNull();
    expect(m.trend).toBeNull();
    expect(m.band).not.toBeNull();
  });
  test('trend thresholds', () => {
    expect(trendOfPct(4)).toBe('stagnuje');
    expect(trendOfPct(6)).toBe('roste');
    expect(trendOfPct(-6)).toBe('klesá');
    expect(trendOfPct(3, 2)).toBe('roste');
    expect(trendOfPct(0)).toBe('stagnuje');
  });
  test('parseChart accepts the JSON string MapLibre hands back and rejects junk', () => {
    expect(parseChart(JSON.stringify(chart))?.points).toHaveLength(4);
    expect(parseChart('{')).toBeNull();
    expect(parseChart({ label: 'x', points: [{ period: '2020', value: 1 }] })).toBeNull();
  });
  test('timeline bars scale to the highest count', () => {
    const t = timelineBars([{ period: '2020', count: 5 }, { period: '2021', count: 10 }], 100, 50);
    expect(t.max).toBe(10);
    expect(t.bars[1].h).toBeGreaterThan(t.bars[0].h);
  });
});

describe('data requests', () => {
  const full = dataset({ key: 'p/full', params: [{ key: 'rok', label: 'Rok', type: 'range', min: 2000, max: 2024, default: '2020,2024' }] });
  const bbox = dataset({ key: 'p/bbox', source: { type: 'geojson', mode: 'bbox' }, coverage: { minZoom: 10 } });
  test('full datasets: only non-default params', () => {
    expect(dataRequestUrl(full, { params: { rok: '2020,2024' }, defaults: { rok: '2020,2024' } })).toBe('/api/data/p/full');
    expect(dataRequestUrl(full, { params: { rok: '2021,2022' }, defaults: { rok: '2020,2024' } })).toBe('/api/data/p/full?rok=2021,2022');
  });
  test('bbox datasets: aligned bbox and integer zoom, nothing below minZoom', () => {
    expect(dataRequestUrl(bbox, { params: {}, defaults: {}, bbox: [17.1, 48.1, 17.2, 48.2], zoom: 9.5 })).toBeNull();
    const url = dataRequestUrl(bbox, { params: {}, defaults: {}, bbox: [17.1, 48.1, 17.2, 48.2], zoom: 12.7 })!;
    const q = new URL(url, 'http://x').searchParams;
    expect(q.get('zoom')).toBe('12');
    const [w, s, e, n] = q.get('bbox')!.split(',').map(Number);
    expect(w).toBeLessThanOrEqual(17.1);
    expect(s).toBeLessThanOrEqual(48.1);
    expect(e).toBeGreaterThanOrEqual(17.2);
    expect(n).toBeGreaterThanOrEqual(48.2);
    expect(belowMinZoom(bbox, 9.99)).toBe(true);
  });
  test('two viewports inside the same tiles give the same request', () => {
    expect(alignBboxToTiles([17.101, 48.101, 17.102, 48.102], 12)).toEqual(alignBboxToTiles([17.103, 48.103, 17.104, 48.104], 12));
  });
  test('raster and display-only datasets are never requested', () => {
    expect(dataRequestUrl(dataset({ key: 'p/r', source: { type: 'raster', tiles: ['https://x/{z}/{x}/{y}'] } }), { params: {}, defaults: {} })).toBeNull();
    expect(dataRequestUrl(dataset({ key: 'p/d', links: { data: '', map: '/mapa/p/d' } }), { params: {}, defaults: {} })).toBeNull();
  });
});

describe('params and fields in both shapes', () => {
  test('list form', () => {
    const specs = paramSpecs([
      { key: 'druh', type: 'multi-enum', options: [{ value: 'b', label: 'Bé' }, 'a'], default: ['b', 'a'] },
      { key: 'rok', type: 'range', min: 2000, max: 2024 },
    ]);
    expect(specs.map((s) => [s.key, s.default])).toEqual([['druh', 'a,b'], ['rok', '2000,2024']]);
    expect(specs[0].options).toEqual([{ value: 'b', label: 'Bé' }, { value: 'a', label: 'a' }]);
  });
  test('map form', () => {
    expect(paramDefaults({ obdobie: { type: 'date-range', default: { from: '2024-01-01', to: '2024-12-31' } } })).toEqual({ obdobie: '2024-01-01,2024-12-31' });
    expect(fieldSpecs({ pocet: { label: 'Počet', unit: 'ks' } })).toEqual([{ key: 'pocet', label: 'Počet', unit: 'ks', type: undefined, decimals: undefined, description: undefined, values: undefined }]);
  });
});

describe('Slovak formatting', () => {
  test('numbers', () => {
    expect(formatNumber(12345.6, 1).replace(/\s/g, ' ')).toBe('12 345,6');
    expect(formatNumber(null)).toBe('–');
    expect(formatChange(-12.5, 1, ' %').replace(/\s/g, ' ')).toBe('−12,5 %');
  });
  test('counts take the Slovak plural', () => {
    const objects = (n: number) => formatCount(n, 'objekt', 'objekty', 'objektov').replace(/\s/g, ' ');
    expect([0, 1, 2, 4, 5, 1200].map(objects)).toEqual(['0 objektov', '1 objekt', '2 objekty', '4 objekty', '5 objektov', '1 200 objektov']);
  });
  test('periods', () => {
    expect(formatPeriod('2024')).toBe('2024');
    expect(formatPeriod('2024-03')).toBe('3/2024');
    expect(formatPeriod('2024-03-05')).toBe('5. 3. 2024');
  });
});

describe('pluralForm: the one Slovak plural helper of the site', () => {
  test('nouns and verbs agree with the count', () => {
    const waits = (n: number) => `${pluralForm(n, 'čaká', 'čakajú', 'čaká')} ${formatCount(n, 'poskytovateľ', 'poskytovatelia', 'poskytovateľov')}`;
    expect(waits(1)).toBe('čaká 1 poskytovateľ');
    expect(waits(2)).toBe('čakajú 2 poskytovatelia');
    expect(waits(4)).toBe('čakajú 4 poskytovatelia');
    expect(waits(5)).toBe('čaká 5 poskytovateľov');
    expect(waits(0)).toBe('čaká 0 poskytovateľov');
    expect(pluralForm(2.5, 'kilometer', 'kilometre', 'kilometra')).toBe('kilometra');
  });
});
