// Honest layers (issue 25): a provider that fails is never an empty map that reads "nothing here".
// A real provider on 127.0.0.1 (tests/helpers/provider-server.ts) answers 500, then never answers,
// then recovers; its raster tiles (HTTPS) answer 500 and recover. The layer says "failed" in Slovak in
// the catalog and the legend within 10 s on a desktop and on a phone, asks again by itself and shows
// the data once the source is back. The composed map /mapy/byvanie is loaded 20 times and every
// layer's state counted.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { findComposedMap } from '@/lib/map/composed';
import type { ManifestDataset } from '@/lib/protocol/types';
import { summaryResult } from '@/lib/summary/schema';
import { englishIn } from '../tests/helpers/language';
import { PNG_1X1, pointGrid, startProviderServer, type ProviderServer, type RecordedRequest } from '../tests/helpers/provider-server';
import { SLOVAKIA_BBOX, SLOVAKIA_COVERAGE, startFakeProvider, type FakeProvider } from './fake-provider';
import { FAKE_PROVIDER_PORT, catalog, goOffline, registerAndApprove, waitForCatalog } from './helpers';
import { ensureTestCertificate, testCertificate } from './tls';

/** The two ports below citizen.spec's (allowed in playwright.config.ts). */
const DATA_PORT = FAKE_PROVIDER_PORT - 3;
const TILE_PORT = FAKE_PROVIDER_PORT - 4;
const ID = 'e2e-zlyhava';
const DATA = `${ID}/body`;
const RASTER = `${ID}/dlazdice`;
const AREAS = `${ID}/plochy`;

/** Three squares near Banská Bystrica, each 0.1° across: a whole area dataset the map draws from the portal's tiles. */
function areaCollection(ttl: number) {
  const square = (lon: number, lat: number, name: string) => ({
    type: 'Feature',
    properties: { name },
    geometry: { type: 'Polygon', coordinates: [[[lon, lat], [lon + 0.1, lat], [lon + 0.1, lat + 0.1], [lon, lat + 0.1], [lon, lat]]] },
  });
  return { type: 'FeatureCollection', features: [square(19.1, 48.7, 'A'), square(19.3, 48.7, 'B'), square(19.5, 48.7, 'C')], dm: { ttl } };
}

/** The provider's two datasets: bbox points from its own server, raster tiles from the HTTPS one. */
function datasets(dataUrl: string, tileUrl: string): ManifestDataset[] {
  return [
    {
      id: 'body',
      title: 'Nespoľahlivé body',
      description: 'Body z výrezu mapy; zdroj občas zlyhá.',
      category: 'other',
      keywords: ['test'],
      useCases: ['business'],
      coverage: SLOVAKIA_COVERAGE,
      source: { type: 'geojson', url: `${dataUrl}/data.json`, mode: 'bbox', maxFeatures: 100 },
      presentation: { type: 'circle', color: '#aa3377' },
      fields: [{ key: 'name', label: 'Názov' }],
    },
    {
      id: 'dlazdice',
      title: 'Nespoľahlivé dlaždice',
      description: 'Rastrové dlaždice; server občas hlási chybu.',
      category: 'other',
      keywords: ['test'],
      useCases: ['business'],
      coverage: SLOVAKIA_COVERAGE,
      source: { type: 'raster', tiles: [`${tileUrl}/tiles/{z}/{x}/{y}.png`], tileSize: 256 },
      presentation: { type: 'raster', opacity: 0.6 },
    },
    {
      id: 'plochy',
      title: 'Nespoľahlivé plochy',
      description: 'Celá vrstva plôch; zdroj občas neodpovedá.',
      category: 'other',
      keywords: ['test'],
      useCases: ['business'],
      coverage: SLOVAKIA_COVERAGE,
      source: { type: 'geojson', url: `${dataUrl}/areas.json`, mode: 'full' },
      presentation: { type: 'fill', color: '#3377aa' },
      fields: [{ key: 'name', label: 'Názov' }],
    },
  ];
}

/**
 * A view the portal has no copy of yet (a copy would rightly be shown as stale, not failed): the
 * e2e database is kept between runs, so each run and page looks at its own spot of Slovakia, at
 * zoom 15 where the data requests of different spots share no tile.
 */
function freshView(salt: number): string {
  const n = Math.floor(Date.now() / 1000) * 7 + salt;
  const lon = 17.2 + (n % 90) * 0.05;
  const lat = 48.0 + (Math.floor(n / 90) % 25) * 0.05;
  return `#15/${lat.toFixed(4)}/${lon.toFixed(4)}`;
}

/** The text a person reads in the catalog's "Na mape" list and in the legend: no English. */
async function noEnglish(where: Locator[]): Promise<void> {
  for (const l of where) expect(englishIn(await l.innerText())).toEqual([]);
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test.describe('honest layers', () => {
  test.describe.configure({ timeout: 240_000 });
  test.use({ ignoreHTTPSErrors: true });
  let data: FakeProvider;
  let tiles: ProviderServer;

  test.beforeAll(async ({ request }) => {
    if (!ensureTestCertificate()) throw new Error('openssl is needed for the HTTPS tile server');
    tiles = await startProviderServer({ port: TILE_PORT, tls: testCertificate(), cors: true });
    tiles.setBody('/tiles/*', PNG_1X1, 'image/png');
    data = await startFakeProvider({
      port: DATA_PORT,
      id: ID,
      name: 'Nespoľahlivý testovací poskytovateľ',
      description: 'Zdroj, ktorý zlyháva a zase sa zotaví.',
      datasets: (url) => datasets(url, tiles.url),
      // A bbox source as a provider writes one: objects in the requested bbox.
      bodies: {
        '/data.json': (req: RecordedRequest) => {
          const b = (req.query.bbox ?? SLOVAKIA_BBOX.join(',')).split(',').map(Number) as [number, number, number, number];
          return pointGrid(b, 9);
        },
        // Valid for 1 s: the portal asks again soon, so a failure after that is served from its copy.
        '/areas.json': areaCollection(1),
      },
    });
    await registerAndApprove(request, data.manifestUrl, data.id);
    await waitForCatalog(request, [DATA, RASTER, AREAS]);
  });

  test.afterEach(() => {
    data.setFault('/data.json', null);
    data.setFault('/areas.json', null);
    tiles.setFault('/tiles/*', null);
  });

  test.afterAll(async () => {
    await data?.close();
    await tiles?.close();
  });

  test('desktop: a source answering 500, then nothing, then recovering: failed within 10 s, asks again by itself, shown again', async ({ page }, testInfo) => {
    await goOffline(page);
    data.setFault('/data.json', '500');
    const started = Date.now();
    await page.goto(`/?d=${DATA}${freshView(0)}`);
    const entry = page.getByTestId(`enabled-${DATA}`);
    const legend = page.getByTestId(`legend-${DATA}`);
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute('data-layer-state', 'failed', { timeout: 10_000 });
    await expect(legend).toHaveAttribute('data-layer-state', 'failed');
    const failedAfter = Date.now() - started;
    await expect(entry.getByTestId('dataset-error')).toContainText('Zdroj „Nespoľahlivý testovací poskytovateľ“ teraz hlási chybu.');
    await expect(entry.getByTestId('dataset-error')).toContainText('neznamená to, že tu nič nie je');
    await expect(entry.getByTestId('dataset-retry')).toHaveText('Skúsiť znova');
    await expect(legend).toContainText('neznamená to, že tu nič nie je');
    await expect(entry.locator('details code')).toHaveText('http_error');
    await noEnglish([page.locator('section.enabled'), page.getByTestId('legend')]);
    await shot(page, testInfo, 'failed-500-1280x800');

    // The source stops answering: the map keeps asking by itself and says it timed out.
    const before = data.requests('/data.json');
    data.setFault('/data.json', 'hang');
    await expect(entry.locator('details code')).toHaveText('timeout', { timeout: 60_000 });
    await expect(entry).toHaveAttribute('data-layer-state', 'failed');
    await expect(entry.getByTestId('dataset-error')).toContainText('neodpovedal včas');
    expect(data.requests('/data.json')).toBeGreaterThan(before);
    await noEnglish([page.locator('section.enabled'), page.getByTestId('legend')]);

    // The source is back: the layer shows its objects without anyone pressing anything.
    data.setFault('/data.json', null);
    const recovering = Date.now();
    await expect(entry).toHaveAttribute('data-layer-state', 'shown', { timeout: 120_000 });
    await expect(legend).toHaveAttribute('data-layer-state', 'shown');
    await expect(entry.getByTestId('dataset-count')).toContainText('objekt');
    await expect(entry.getByTestId('dataset-error')).toHaveCount(0);
    console.log(`honest desktop: failed after ${failedAfter} ms; shown again ${Date.now() - recovering} ms after the source recovered; ${data.requests('/data.json')} source requests`);
    await shot(page, testInfo, 'recovered-1280x800');
  });

  test('phone 390×844: the legend says the layer failed within 10 s; it recovers by itself', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'sk-SK', ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await goOffline(page);
    data.setFault('/data.json', '500');
    const started = Date.now();
    await page.goto(`/?d=${DATA}${freshView(1)}`);
    const legend = page.getByTestId(`legend-${DATA}`);
    await expect(legend).toBeVisible();
    await expect(legend).toHaveAttribute('data-layer-state', 'failed', { timeout: 10_000 });
    const failedAfter = Date.now() - started;
    await expect(legend).toContainText('teraz hlási chybu. Údaje nevidíte – neznamená to, že tu nič nie je.');
    await expect(legend.getByTestId('legend-retry')).toBeVisible();
    await shot(page, testInfo, 'failed-legend-390x844');
    // The catalog, opened, says the same.
    await page.getByTestId('catalog-toggle').tap();
    const entry = page.getByTestId(`enabled-${DATA}`);
    await expect(entry).toHaveAttribute('data-layer-state', 'failed');
    await noEnglish([page.locator('section.enabled'), page.getByTestId('legend')]);
    await shot(page, testInfo, 'failed-catalog-390x844');
    await page.getByTestId('catalog-toggle').tap();

    data.setFault('/data.json', null);
    await expect(legend).toHaveAttribute('data-layer-state', 'shown', { timeout: 120_000 });
    await expect(legend.locator('.legend-state')).toHaveCount(0);
    console.log(`honest phone: failed after ${failedAfter} ms`);
    await context.close();
  });

  test('raster: tiles answering 500 fail the layer (catalog and legend), it asks again by itself and recovers', async ({ page }, testInfo) => {
    await goOffline(page);
    tiles.setFault('/tiles/*', '500');
    await page.goto(`/?d=${RASTER}#12/48.15/17.11`);
    const entry = page.getByTestId(`enabled-${RASTER}`);
    const legend = page.getByTestId(`legend-${RASTER}`);
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAttribute('data-layer-state', 'failed', { timeout: 10_000 });
    await expect(legend).toHaveAttribute('data-layer-state', 'failed');
    await expect(entry.getByTestId('dataset-error')).toContainText('Mapový server zdroja „Nespoľahlivý testovací poskytovateľ“ teraz hlási chybu.');
    await expect(entry.locator('details code')).toHaveText('tile_http_error');
    await expect(legend).toContainText('neznamená to, že tu nič nie je');
    await noEnglish([page.locator('section.enabled'), page.getByTestId('legend')]);
    await shot(page, testInfo, 'raster-failed-1280x800');

    // Asked again by itself (the back-off): more tile requests without a touch.
    const before = tiles.requests('/tiles/*');
    await expect.poll(() => tiles.requests('/tiles/*'), { timeout: 30_000 }).toBeGreaterThan(before);
    await expect(entry).toHaveAttribute('data-layer-state', 'failed');

    tiles.setFault('/tiles/*', null);
    await expect(entry).toHaveAttribute('data-layer-state', 'shown', { timeout: 120_000 });
    await expect(legend).toHaveAttribute('data-layer-state', 'shown');
    await expect(entry.getByTestId('dataset-error')).toHaveCount(0);

    // Tiles failing again as the map moves to new ones; "Skúsiť znova" after the server is back.
    tiles.setFault('/tiles/*', '500');
    await page.goto(`/?d=${RASTER}#13/48.72/21.26`);
    await expect(entry).toHaveAttribute('data-layer-state', 'failed', { timeout: 10_000 });
    tiles.setFault('/tiles/*', null);
    await entry.getByTestId('dataset-retry').click();
    await expect(entry).toHaveAttribute('data-layer-state', 'shown', { timeout: 30_000 });
  });

  test('areas drawn from tiles: when the source stops answering, the panel says the count is from the portal\'s copy', async ({ page }, testInfo) => {
    await goOffline(page);
    const geojson: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(`/api/data/${AREAS}`)) geojson.push(r.url());
    });
    await page.goto(`/?d=${AREAS}#9/48.75/19.35`);
    const entry = page.getByTestId(`enabled-${AREAS}`);
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('dataset-count')).toHaveText('3 objekty', { timeout: 30_000 });
    await expect(entry.getByTestId('dataset-count-notice')).toHaveCount(0);

    // The source fails after its copy expired (ttl 1 s): the tiles and the count come from the copy, and the panel says so.
    data.setFault('/areas.json', '500');
    await expect
      .poll(async () => summaryResult.parse(await (await page.request.get(`/api/summary/${AREAS}`)).json()).stale, { timeout: 30_000 })
      .toBe(true);
    await page.reload();
    await expect(entry.getByTestId('dataset-count')).toHaveText('3 objekty', { timeout: 30_000 });
    const notice = entry.getByTestId('dataset-count-notice');
    await expect(notice).toContainText('Zdroj je nedostupný, zobrazujú sa posledné známe dáta z');
    await expect(notice).toHaveAttribute('role', 'status');
    await expect(entry).not.toHaveAttribute('data-layer-state', 'failed');
    await noEnglish([page.locator('section.enabled')]);
    // Drawn once: from the portal's tiles, never as a GeoJSON download.
    expect(geojson).toEqual([]);
    await shot(page, testInfo, 'areas-stale-1280x800');
  });

  test("dataset page: a failing source's summary reads 'unknown now' with the reason, never an empty-looking '–'", async ({ page }, testInfo) => {
    await goOffline(page);
    data.setFault('/data.json', '500');
    await page.goto(`/mapa/${DATA}`);
    const summary = page.getByTestId('dataset-summary');
    await expect(summary.getByTestId('summary-count')).toHaveText('neznámy');
    await expect(summary.getByTestId('summary-unavailable')).toHaveText(
      'Súhrn teraz nie je k dispozícii. Zdroj „Nespoľahlivý testovací poskytovateľ“ teraz hlási chybu. Údaje nevidíte – neznamená to, že tu nič nie je.',
    );
    expect(englishIn(await summary.innerText())).toEqual([]);
    // The page's map says the same of the layer.
    await expect(page.getByTestId(`legend-${DATA}`)).toHaveAttribute('data-layer-state', /failed|zoom/);
    await shot(page, testInfo, 'dataset-page-failed-1280x800');
  });

  test('/mapy/byvanie: 20 loads, every layer settles; the layers the portal serves are shown in each', async ({ page, request }, testInfo) => {
    test.setTimeout(900_000);
    await goOffline(page);
    // The map's datasets the catalog has, and what each must show at the map's own zoom: a layer
    // whose data start at a closer zoom says "zoom in", every other one is shown.
    const composed = findComposedMap('byvanie')!;
    const listed = new Map((await catalog(request)).map((d) => [d.key, d]));
    const expected = Object.fromEntries(
      composed.datasets
        .filter((k) => listed.has(k))
        .map((k) => {
          const d = listed.get(k)!;
          const minZoom = Math.max(d.coverage?.minZoom ?? 0, d.source.type === 'raster' ? (d.source.minZoom ?? 0) : 0);
          return [k, composed.view!.zoom < minZoom ? 'zoom' : 'shown'];
        }),
    );
    const runs: Array<Record<string, string>> = [];
    for (let i = 0; i < 20; i++) {
      await page.goto('/mapy/byvanie');
      // Settled: every layer has a state other than loading (or none yet) while the map itself is idle,
      // read at one moment.
      let states: Record<string, string> = {};
      await expect
        .poll(
          async () => {
            states = await page.evaluate(() => {
              const m = window.__geoportalMap;
              // The map's picture stays until the map is used (helpers.ts waitForMapIdle): a wheel starts it.
              if (!m) document.querySelector('[data-testid="map-facade"][role="button"]')?.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
              if (!m || !m.loaded() || !m.areTilesLoaded()) return {};
              const els = [...document.querySelectorAll('[data-testid^="enabled-"][data-layer-state]')];
              return Object.fromEntries(els.map((e) => [e.getAttribute('data-testid')!.slice('enabled-'.length), e.getAttribute('data-layer-state')!]));
            });
            const values = Object.values(states);
            return values.length === Object.keys(expected).length && values.every((v) => v !== 'loading' && v !== 'none');
          },
          { timeout: 60_000 },
        )
        .toBe(true);
      runs.push(states);
      if (i === 0) await noEnglish([page.locator('section.enabled'), page.getByTestId('legend')]);
    }
    const loadsAsExpected = runs.filter((r) => JSON.stringify(Object.entries(r).sort()) === JSON.stringify(Object.entries(expected).sort())).length;
    const shownPerLoad = runs.map((r) => Object.values(r).filter((s) => s === 'shown').length);
    const summary = { loads: runs.length, loadsAsExpected, shownPerLoad, expected };
    console.log(`honest /mapy/byvanie: ${JSON.stringify(summary)}`);
    await testInfo.attach('byvanie.json', { body: JSON.stringify({ summary, runs }, null, 2), contentType: 'application/json' });
    for (const r of runs) expect(r).toEqual(expected);
  });
});
