// A provider on 127.0.0.1 whose datasets exercise every path of the OGC face: a 5,000-point whole
// dataset, points with integer ids and charts, polygons with a time parameter, a dataset read per
// viewport (bbox mode) with features crossing tile edges, and datasets that must stay absent
// (display-only, raster, awaiting approval, rejected).
import { afterAll, beforeAll } from 'vitest';
import type { ManifestDataset } from '@/lib/protocol/types';
import { serveApp, type AppServer } from '../helpers/app-server';
import { SLOVAK_POINTS } from '../helpers/gdal';
import type { ProviderServer, RecordedRequest } from '../helpers/provider-server';
import { registerProvider, startTestProvider, uniqueId, unregisterProvider, type TestProvider } from '../data/helpers';

export const BIG_COUNT = 5000;

/** 5,000 points over Slovakia without ids; `n` is unique. */
export function bigFeatures() {
  return Array.from({ length: BIG_COUNT }, (_, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [16.9 + ((i * 7919) % 5600) / 1000, 47.8 + ((i * 104729) % 1800) / 1000] },
    properties: { n: i, nazov: `Bod č. ${i}`, hodnota: Math.round(((i * 37) % 1000) * 1.25) / 10, kategoria: ['a', 'b', 'c'][i % 3] },
    dm: { title: `Bod ${i}` },
  }));
}

/** Points with integer ids, a chart on some (a nested object in properties). */
function placeFeatures() {
  return Array.from({ length: 30 }, (_, i) => ({
    type: 'Feature',
    id: i + 1,
    geometry: { type: 'Point', coordinates: [17.1 + i * 0.01, 48.15 + i * 0.005] },
    properties: { nazov: `Miesto ${i + 1}`, pocet: i * 3 },
    ...(i % 2 ? { dm: { chart: { label: 'Počet', points: [{ period: '2020', value: i }, { period: '2021', value: i + 1 }] } } } : {}),
  }));
}

/** Polygons, one per year 2000-2024, filtered by the `rok` range parameter. */
function areaFeatures(req: RecordedRequest) {
  const [from, to] = (req.query.rok ?? '2000,2024').split(',').map(Number);
  const all = Array.from({ length: 25 }, (_, i) => {
    const x = 17 + i * 0.2;
    const y = 48.2 + (i % 5) * 0.2;
    return {
      type: 'Feature',
      id: `plocha-${2000 + i}`,
      geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 0.15, y], [x + 0.15, y + 0.15], [x, y + 0.15], [x, y]]] },
      properties: { nazov: `Plocha ${2000 + i}`, rok: 2000 + i },
    };
  });
  return { type: 'FeatureCollection', features: all.filter((f) => f.properties.rok >= from && f.properties.rok <= to), dm: { ttl: 600 } };
}

/**
 * The bbox-mode dataset: a 40 x 25 grid of points near Bratislava and Trnava, plus lines crossing
 * several tiles; the source answers what meets the requested bbox (envelope test), as providers do.
 */
export function viewportUniverse() {
  const points = Array.from({ length: 1000 }, (_, i) => ({
    type: 'Feature',
    id: `b${i}`,
    geometry: { type: 'Point', coordinates: [17.0 + (i % 40) * 0.02, 48.1 + Math.floor(i / 40) * 0.012] },
    properties: { k: i, druh: i % 2 ? 'x' : 'y' },
  }));
  const lines = Array.from({ length: 12 }, (_, i) => ({
    type: 'Feature',
    geometry: { type: 'LineString', coordinates: [[16.95, 48.12 + i * 0.02], [17.9, 48.13 + i * 0.02]] },
    properties: { k: 10_000 + i, druh: 'ciara' },
  }));
  return [...points, ...lines];
}

function viewportFeatures(req: RecordedRequest) {
  const b = (req.query.bbox ?? '').split(',').map(Number);
  const druh = req.query.druh;
  const features = viewportUniverse().filter((f) => {
    if (druh && druh !== 'vsetky' && f.properties.druh !== druh && f.properties.druh !== 'ciara') return false;
    const cs = (f.geometry.type === 'Point' ? [f.geometry.coordinates] : f.geometry.coordinates) as number[][];
    const xs = cs.map((c) => c[0]);
    const ys = cs.map((c) => c[1]);
    return Math.min(...xs) <= b[2] && Math.max(...xs) >= b[0] && Math.min(...ys) <= b[3] && Math.max(...ys) >= b[1];
  });
  return { type: 'FeatureCollection', features };
}

/** What `ukazovatel` selects in the municipality-like dataset: the label the features then carry (as sk-uzemie/obce does). */
const INDICATOR_LABELS: Record<string, string> = { obyvatelia: 'Počet obyvateľov', hustota: 'Hustota obyvateľstva' };

/**
 * Municipality-like polygons (as sk-uzemie/obce): the `ukazovatel` parameter selects which value
 * `hodnota` holds, and every feature carries the chosen indicator's label as property `ukazovatel`.
 */
export function municipalityFeatures(req: RecordedRequest) {
  const indicator = req.query.ukazovatel ?? 'obyvatelia';
  const features = Array.from({ length: 40 }, (_, i) => {
    const x = 17.2 + (i % 8) * 0.5;
    const y = 48.0 + Math.floor(i / 8) * 0.3;
    const obyvatelia = 200 + ((i * 7919) % 5000);
    const rozloha = 5 + (i % 7) * 3;
    return {
      type: 'Feature',
      id: `obec-${i}`,
      geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 0.4, y], [x + 0.4, y + 0.25], [x, y + 0.25], [x, y]]] },
      properties: {
        nazov: ['Nová Ves', 'Stará Ľubovňa', 'Žilina', 'Nitra', 'Trnava'][i % 5] + ` ${i}`,
        kraj: ['Bratislavský', 'Trnavský', 'Nitriansky', 'Žilinský'][i % 4],
        obyvatelia,
        rozloha,
        ukazovatel: INDICATOR_LABELS[indicator] ?? indicator,
        hodnota: indicator === 'hustota' ? Math.round((obyvatelia / rozloha) * 10) / 10 : obyvatelia,
        zalozena: `${1200 + i * 10}-01-01`,
      },
    };
  });
  return { type: 'FeatureCollection', features };
}

export interface OgcFixture {
  server: ProviderServer;
  restore: () => void;
  portal: TestProvider;
  pending: TestProvider;
  rejected: TestProvider;
  /** Collection ids by role. */
  ids: { big: string; places: string; areas: string; viewport: string; towns: string; points: string; hidden: string; raster: string; pending: string; rejected: string };
  close(): Promise<void>;
}

export async function startOgcFixture(): Promise<OgcFixture> {
  const { server, restore } = await startTestProvider();
  const pid = uniqueId('t-ogc');
  const pendingId = uniqueId('t-ogc-pending');
  const rejectedId = uniqueId('t-ogc-rejected');
  const ds = (id: string, extra: Partial<ManifestDataset> = {}): ManifestDataset => ({
    id,
    title: `Test ${id}`,
    category: 'sample',
    description: `Dataset ${id} na skúšku OGC API.`,
    keywords: ['skúška', id],
    source: { type: 'geojson', url: `${server.url}/${id}.json` },
    presentation: { type: 'circle', color: '#336699' },
    coverage: { bbox: [16.8, 47.7, 22.6, 49.7] },
    ...extra,
  });
  server.setBody('/body.json', { type: 'FeatureCollection', features: bigFeatures(), dm: { ttl: 3600 } });
  server.setBody('/miesta.json', { type: 'FeatureCollection', features: placeFeatures() });
  server.setBody('/plochy.json', areaFeatures);
  server.setBody('/vyrez.json', viewportFeatures);
  server.setBody('/obce.json', municipalityFeatures);
  server.setBody('/mesta.json', {
    type: 'FeatureCollection',
    features: SLOVAK_POINTS.map(([nazov, lon, lat], i) => ({ type: 'Feature', id: i + 1, geometry: { type: 'Point', coordinates: [lon, lat] }, properties: { nazov } })),
  });
  server.setBody('/skryte.json', { type: 'FeatureCollection', features: placeFeatures() });
  server.setBody('/cakajuce.json', { type: 'FeatureCollection', features: placeFeatures() });
  const portal = await registerProvider(server, {
    id: pid,
    managedBy: 'portal',
    datasets: [
      ds('body', { source: { type: 'geojson', url: `${server.url}/body.json`, mode: 'full', maxFeatures: 5000 } }),
      ds('miesta', { license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', attribution: '© Miesta test' } }),
      ds('plochy', {
        temporal: { updated: '2024-12-31', frequency: 'ročne', param: 'rok' },
        params: [{ key: 'rok', label: 'Rok', type: 'range', min: 2000, max: 2024, default: [2000, 2024] }],
        presentation: { type: 'fill', color: '#2e7d32' },
      }),
      ds('vyrez', {
        source: { type: 'geojson', url: `${server.url}/vyrez.json`, mode: 'bbox', maxFeatures: 1000 },
        coverage: { bbox: [16.9, 48.0, 18.0, 48.5], minZoom: 9 },
        params: [{ key: 'druh', label: 'Druh', type: 'enum', options: [{ value: 'vsetky', label: 'všetky' }, { value: 'x', label: 'X' }, { value: 'y', label: 'Y' }], default: 'vsetky' }],
      }),
      ds('obce', {
        presentation: { type: 'fill', color: { type: 'interpolate', field: 'hodnota', stops: [[200, '#fff5eb'], [5200, '#7f2704']] }, opacity: 0.75, outlineColor: '#ffffff' },
        fields: [
          { key: 'nazov', label: 'Obec' },
          { key: 'kraj', label: 'Kraj' },
          { key: 'obyvatelia', label: 'Počet obyvateľov', type: 'integer', unit: 'obyv.' },
          { key: 'rozloha', label: 'Rozloha', type: 'number', unit: 'km²' },
          { key: 'ukazovatel', label: 'Zvolený ukazovateľ' },
          { key: 'hodnota', label: 'Hodnota ukazovateľa', type: 'number' },
        ],
        params: [
          {
            key: 'ukazovatel',
            label: 'Ukazovateľ',
            type: 'enum',
            default: 'obyvatelia',
            options: Object.entries(INDICATOR_LABELS).map(([value, label]) => ({ value, label })),
          },
        ],
      }),
      ds('mesta', { fields: [{ key: 'nazov', label: 'Miesto' }] }),
      ds('skryte', { displayOnly: true }),
      {
        id: 'ortofoto',
        title: 'Ortofoto',
        source: { type: 'raster', tiles: ['https://tiles.example.sk/{z}/{x}/{y}.png'] },
        presentation: { type: 'raster' },
      },
    ],
  });
  const pending = await registerProvider(server, { id: pendingId, approval: 'pending_review', datasets: [ds('cakajuce')] });
  const rejected = await registerProvider(server, { id: rejectedId, approval: 'rejected', datasets: [ds('miesta')] });
  return {
    server,
    restore,
    portal,
    pending,
    rejected,
    ids: {
      big: `${pid}.body`,
      places: `${pid}.miesta`,
      areas: `${pid}.plochy`,
      viewport: `${pid}.vyrez`,
      towns: `${pid}.obce`,
      points: `${pid}.mesta`,
      hidden: `${pid}.skryte`,
      raster: `${pid}.ortofoto`,
      pending: `${pendingId}.cakajuce`,
      rejected: `${rejectedId}.miesta`,
    },
    async close() {
      for (const p of [portal, pending, rejected]) await unregisterProvider(p);
      await server.close();
      restore();
    },
  };
}

/**
 * The fixture and the app's routes under `prefixes` served over real HTTP for one test file: started
 * before its tests, closed after (read `fx` and `app` inside tests, once started).
 */
export function serveOgcFixture(prefixes: string[] = ['/ogc']): { readonly fx: OgcFixture; readonly app: AppServer } {
  const started = {} as { fx: OgcFixture; app: AppServer };
  beforeAll(async () => {
    started.fx = await startOgcFixture();
    started.app = await serveApp(prefixes);
  });
  afterAll(async () => {
    await started.app?.close();
    await started.fx?.close();
  });
  return started;
}

/** GET from the served app without following redirects: status, the JSON body (or the text when it is none). */
export async function getFrom<T = Record<string, unknown>>(app: AppServer, pathAndQuery: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${pathAndQuery}`, { headers, redirect: 'manual' });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { res, status: res.status, body: body as T, text };
}
