// The municipality page's dataset list: every approved dataset with data in the municipality (vector
// datasets by their objects in it, raster ones by coverage), the town's own provider first, then
// local, regional and nationwide ones; samples never; the rest behind "Zobraziť všetky".
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MunicipalityDatasets } from '@/components/site/municipality-datasets';
import { getMunicipalityFacts } from '@/lib/basemap/territory';
import { MUNICIPALITY_DATASETS_SHOWN, municipalityBySlugs, municipalityDatasets, type MunicipalityDatasetSummary } from '@/lib/pages/site-data';
import type { MunicipalityInfo } from '@/lib/places/municipality-index';
import { removeProviders } from '../providers/helpers';
import { allowInsecureSources, pointGrid, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { expireEntries, geojsonDataset, registerProvider, uniqueId } from '../data/helpers';
import { englishIn } from '../helpers/language';

let server: ProviderServer;
let restore: () => void;
let town: MunicipalityInfo;
let box: [number, number, number, number];
let entries: MunicipalityDatasetSummary[];
const own = uniqueId('obec');
const national = uniqueId('stat');
const regional = uniqueId('kraj');
const elsewhere = uniqueId('inde');
const failing = uniqueId('vypadok');

beforeAll(async () => {
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  town = (await municipalityBySlugs('kosicky-kraj', 'zemplinska-teplica'))!;
  box = (await getMunicipalityFacts(town.code))!.bbox!;
  const [w, s, e, n] = box;
  // Around the municipality's inner point, well inside its boundary.
  const [x, y] = town.point;
  const inTown = (count: number) => pointGrid([x - 0.001, y - 0.001, x + 0.001, y + 0.001], count);
  server.setBody('/zastavky.json', inTown(30));
  server.setBody('/povolenia.json', inTown(12));
  server.setBody('/stat.json', { type: 'FeatureCollection', features: [...inTown(2).features, ...pointGrid([17, 48, 17.5, 48.5], 50).features] });
  server.setBody('/stat-prazdny.json', pointGrid([17, 48, 17.5, 48.5], 20));
  server.setBody('/kraj.json', inTown(5));
  server.setBody('/inde.json', pointGrid([17, 48, 17.5, 48.5], 20));
  server.setFault('/vypadok.json', '503');
  server.setBody('/kopia.json', inTown(7));
  const townCoverage = { bbox: [w - 0.02, s - 0.02, e + 0.02, n + 0.02] as [number, number, number, number], area: 'Zemplínska Teplica' };
  await registerProvider(server, {
    id: own,
    datasets: [
      geojsonDataset(server, 'zastavky', { category: 'transport', coverage: townCoverage }),
      geojsonDataset(server, 'povolenia', { category: 'society', coverage: townCoverage }),
    ],
  });
  // The provider's name names the town for the first dataset list check below.
  await registerProvider(server, {
    id: national,
    datasets: [
      geojsonDataset(server, 'stat', { category: 'society', coverage: { bbox: [16.8, 47.7, 22.6, 49.6] } }),
      geojsonDataset(server, 'stat-prazdny', { category: 'society', coverage: { bbox: [16.8, 47.7, 22.6, 49.6] } }),
      {
        id: 'ortofoto',
        title: 'Ortofoto kraja',
        category: 'territory',
        coverage: { bbox: [20.5, 48.2, 22.6, 49.0] },
        source: { type: 'raster', tiles: ['https://tiles.example.sk/{z}/{x}/{y}.png'] },
        presentation: { type: 'raster' },
      },
    ],
  });
  await registerProvider(server, { id: regional, datasets: [geojsonDataset(server, 'kraj', { category: 'water', coverage: { bbox: [20.5, 48.2, 22.6, 49.0] } })] });
  await registerProvider(server, { id: elsewhere, datasets: [geojsonDataset(server, 'inde', { category: 'water', coverage: { bbox: [16.9, 47.9, 17.6, 48.6] } })] });
  await registerProvider(server, {
    id: failing,
    datasets: [geojsonDataset(server, 'vypadok', { category: 'water', coverage: townCoverage }), geojsonDataset(server, 'kopia', { category: 'water', coverage: townCoverage })],
  });
  entries = await municipalityDatasets(town, box);
});

afterAll(async () => {
  await removeProviders(own, national, regional, elsewhere, failing);
  restore();
  await server.close();
});

const keys = () => entries.map((e) => e.dataset.key);
const ours = () => keys().filter((k) => [own, national, regional, elsewhere].some((p) => k.startsWith(`${p}/`)));

describe('which datasets', () => {
  test('local and national datasets with objects in the town, rasters covering it; not those without objects there', () => {
    // Within a reach, objects before map layers: the regional raster follows the regional vector data.
    expect(ours()).toEqual([`${own}/zastavky`, `${own}/povolenia`, `${regional}/kraj`, `${national}/ortofoto`, `${national}/stat`]);
    const byKey = new Map(entries.map((e) => [e.dataset.key, e]));
    expect(byKey.get(`${own}/zastavky`)!.summary!.count).toBe(30);
    expect(byKey.get(`${own}/povolenia`)!.summary!.count).toBe(12);
    expect(byKey.get(`${national}/stat`)!.summary!.count).toBe(2);
    expect(byKey.get(`${national}/ortofoto`)!.kind).toBe('layer');
    // A source the portal did not ask for a dataset outside the town: its coverage does not meet it.
    expect(server.requests('/inde.json')).toBe(0);
  });

  test('samples never', () => {
    expect(keys().some((k) => k.startsWith('priklady/'))).toBe(false);
    expect(entries.every((e) => e.dataset.category !== 'sample')).toBe(true);
  });

  test('the reference data of the portal itself is there (the municipality polygon)', () => {
    expect(keys()).toContain('sk-uzemie/obce');
  });
});

describe('order', () => {
  test("the town's own data first (the coverage area names it), then local, regional and nationwide", () => {
    const reaches = entries.map((e) => e.reach);
    const order = { own: 0, local: 1, regional: 2, national: 3 };
    expect([...reaches].sort((a, b) => order[a] - order[b])).toEqual(reaches);
    expect(entries[0].reach).toBe('own');
    expect(entries.find((e) => e.dataset.key === `${regional}/kraj`)!.reach).toBe('regional');
    expect(entries.find((e) => e.dataset.key === `${national}/stat`)!.reach).toBe('national');
    expect(entries.find((e) => e.dataset.key === `${national}/ortofoto`)!.reach).toBe('regional');
  });
});

describe('the section', () => {
  test('shows the first ones and the rest behind "Zobraziť všetky"', () => {
    const many = Array.from({ length: MUNICIPALITY_DATASETS_SHOWN + 3 }, (_, i) => ({ ...entries[0], dataset: { ...entries[0].dataset, key: `x/d${i}`, title: `D ${i}` } }));
    const html = renderToStaticMarkup(MunicipalityDatasets({ municipality: town, entries: many }));
    expect(html).toContain('Dáta o obci Zemplínska Teplica');
    expect(html).toContain('15 datasetov má dáta v obci');
    expect(html).toContain(`Zobraziť všetky (${MUNICIPALITY_DATASETS_SHOWN + 3})`);
    const [before, after] = html.split('<details');
    expect(before.match(/data-testid="municipality-dataset-/g)).toHaveLength(MUNICIPALITY_DATASETS_SHOWN);
    expect(after.match(/data-testid="municipality-dataset-/g)).toHaveLength(3);
  });

  test('the real list renders with the town data labelled', () => {
    const html = renderToStaticMarkup(MunicipalityDatasets({ municipality: town, entries }));
    expect(html).toContain(`data-testid="municipality-dataset-${own}/zastavky" data-reach="own"`);
    expect(html).toContain('dáta obce');
    expect(html).toContain('data-value="30"');
  });
});

describe('sources that do not answer', () => {
  test("a count unknown now says so (never a bare '–'); a count from the portal's copy says whose and when", async () => {
    const byKey = new Map(entries.map((e) => [e.dataset.key, e]));
    expect(byKey.get(`${failing}/kopia`)!.summary).toMatchObject({ count: 7 });
    expect(byKey.get(`${failing}/kopia`)!.summary!.stale).toBeUndefined();
    await expireEntries(`${failing}/kopia`);
    server.setFault('/kopia.json', '503');
    const again = new Map((await municipalityDatasets(town, box)).map((e) => [e.dataset.key, e]));
    const unknown = again.get(`${failing}/vypadok`)!;
    const copy = again.get(`${failing}/kopia`)!;
    expect(unknown).toMatchObject({ kind: 'unknown', summary: null });
    expect(unknown.note).toMatch(/^Počet objektov teraz nie je k dispozícii\. Zdroj „.+“ teraz hlási chybu\. Údaje nevidíte – neznamená to, že tu nič nie je\.$/);
    expect(copy).toMatchObject({ kind: 'objects', summary: { count: 7, stale: true } });
    expect(copy.note).toMatch(/^Zdroj je nedostupný, zobrazujú sa posledné známe dáta z /);

    const html = renderToStaticMarkup(MunicipalityDatasets({ municipality: town, entries: [unknown, copy] }));
    expect(html).toMatch(new RegExp(`data-testid="municipality-dataset-${failing}/vypadok"[^>]*data-state="failed".*?>neznámy<.*?class="failure-text">Počet objektov teraz nie je k dispozícii`, 's'));
    expect(html).toMatch(new RegExp(`data-testid="municipality-dataset-${failing}/kopia"[^>]*data-state="stale".*?data-value="7".*?class="stale-text">Zdroj je nedostupný`, 's'));
    expect(englishIn(html.replace(/<[^>]+>/g, '\n'))).toEqual([]);
  });
});
