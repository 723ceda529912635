// Speed on a phone (issue 26), measured rather than timed: the page's text is in the server's HTML
// before any script runs, the map's JavaScript (MapLibre) is requested only after the first paint of
// that text, and the map's box is reserved so nothing jumps when the map arrives (layout shifts summed
// by a PerformanceObserver in Chromium, CLS ≤ 0.1). Lighthouse figures: README "Performance".
import { expect, test, type Page } from '@playwright/test';
import type { DatasetSummary } from '@/lib/summary/schema';
import { attachScreenshot, goOffline, layoutShift, waitForMapIdle } from './helpers';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'sk-SK' } as const;
const DATASET_PAGE = '/mapa/sk-uzemie/obce';
const MUNICIPALITY_PAGE = '/zilinsky-kraj/zilina';

/** Collects the body of every script the page loads, by URL. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.set(r.url(), r.text().catch(() => ''));
  });
  return scripts;
}

test.describe('speed', () => {
  test.use(PHONE);
  test.beforeEach(async ({ page }) => {
    await goOffline(page);
  });

  test('the server HTML holds the page text and the map box before any script', async ({ request }) => {
    const home = await (await request.get('/')).text();
    expect(home).toMatch(/<h1 class="map-intro-name">Geodáta Slovenska<\/h1>/);
    expect(home).toContain('Verejná mapa údajov o území Slovenska');
    expect(home).toContain('data-testid="map-placeholder"');
    for (const path of [DATASET_PAGE, MUNICIPALITY_PAGE]) {
      const html = await (await request.get(path)).text();
      expect(html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      // The map's box with its fixed height (map.css .map-app-embedded) is in the HTML, not made by a script.
      expect(html, path).toMatch(/class="map-app map-app-waiting map-app-embedded[^"]*" data-testid="map-placeholder"/);
      // No script of the map app is preloaded by the HTML.
      expect(html, path).not.toContain('maplibre');
    }
  });

  for (const path of ['/', DATASET_PAGE, MUNICIPALITY_PAGE]) {
    test(`${path}: MapLibre is requested after the first paint; layout shift ≤ 0.1`, async ({ page }) => {
      const scripts = recordScripts(page);
      await page.goto(path);
      await waitForMapIdle(page);
      // The scripts that carry MapLibre (its code names itself in its error messages and classes).
      const mapScripts: string[] = [];
      for (const [url, body] of scripts) if (/maplibre/i.test(await body)) mapScripts.push(url);
      expect(mapScripts.length).toBeGreaterThan(0);
      const timing = await page.evaluate((urls) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        const starts = urls.map((u) => (performance.getEntriesByName(u)[0] as PerformanceResourceTiming | undefined)?.startTime ?? null);
        return { fcp, starts };
      }, mapScripts);
      console.log(`${path}: first contentful paint ${timing.fcp?.toFixed(0)} ms; MapLibre scripts requested at ${timing.starts.map((s) => s?.toFixed(0)).join(', ')} ms`);
      expect(timing.fcp).not.toBeNull();
      for (const start of timing.starts) {
        expect(start).not.toBeNull();
        expect(start!).toBeGreaterThan(timing.fcp!);
      }
      const cls = await layoutShift(page);
      console.log(`${path}: cumulative layout shift ${cls.toFixed(4)}`);
      expect(cls).toBeLessThanOrEqual(0.1);
    });
  }

  test('the dataset page gets its data one way: tiles at the map\'s zoom, never its GeoJSON as well; the map shows it and the panel counts it', async ({ page, request }, testInfo) => {
    const key = 'sk-uzemie/obce';
    const seen = recordDatasetRequests(page, key);
    await page.goto(DATASET_PAGE);
    await waitForMapIdle(page);
    const zoom = await page.evaluate(() => window.__geoportalMap!.getZoom());
    const data = await settled(seen.data);
    const tiles = await settled(seen.tiles);
    const kb = (list: Array<{ bytes: number }>) => (list.reduce((n, r) => n + r.bytes, 0) / 1024).toFixed(0);
    console.log(`${DATASET_PAGE}: ${data.length} GeoJSON answers (${kb(data)} KiB), ${tiles.length} tiles at zoom ${[...new Set(tiles.map((t) => t.z))].join(', ')} (${kb(tiles)} KiB); map zoom ${zoom.toFixed(2)}`);
    expect(data, 'no GeoJSON of the dataset next to its tiles').toEqual([]);
    expect(tiles.length).toBeGreaterThan(0);
    // One zoom level: the one the map shows (vector tiles are cut per whole zoom).
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([Math.floor(zoom)]));
    for (const t of tiles) expect(t.status).toBe(200);

    // The map shows the dataset: its areas are drawn and answer a query at the map's centre.
    const hit = await page.evaluate((layer) => {
      const m = window.__geoportalMap!;
      const c = m.getCanvas();
      const found = m.queryRenderedFeatures([c.clientWidth / 2, c.clientHeight / 2], { layers: [layer] });
      return found[0]?.properties ?? null;
    }, `ds:${key}:fill`);
    expect(hit, 'a municipality under the map centre').not.toBeNull();
    expect(String(hit!.nazov ?? hit!.name ?? '')).not.toBe('');

    // The panel counts it from the summary (the same number as the page's summary), without its data.
    const summary: DatasetSummary = await (await request.get(`/api/summary/${key}`)).json();
    await page.getByTestId('catalog-toggle').click();
    const entry = page.getByTestId(`enabled-${key}`);
    await expect(entry.getByTestId('dataset-count')).toContainText('objekt');
    expect(Number((await entry.getByTestId('dataset-count').innerText()).replace(/\D/g, ''))).toBe(summary.count);
    await expect(entry).toHaveAttribute('data-layer-state', 'shown');
    expect(await settled(seen.data)).toEqual([]);

    // The list of its objects is asked for only when opened: one GeoJSON request then.
    await entry.getByText('Zoznam objektov').click();
    await expect(entry.getByTestId(`feature-list-${key}`).locator('li button').first()).toBeVisible({ timeout: 30_000 });
    expect((await settled(seen.data)).length).toBe(1);
    await attachScreenshot(page, testInfo, 'dataset-page-from-tiles');
  });

  test('points come as GeoJSON only, areas as tiles only, each chosen before any download', async ({ page }) => {
    const points = recordDatasetRequests(page, 'priklady/kvalita-ovzdusia');
    const areas = recordDatasetRequests(page, 'sk-uzemie/okresy');
    await page.goto('/?d=priklady/kvalita-ovzdusia&d=sk-uzemie/okresy#8/48.7/19.1');
    await waitForMapIdle(page);
    await expect(page.getByTestId('legend-priklady/kvalita-ovzdusia')).toHaveAttribute('data-layer-state', 'shown');
    await expect(page.getByTestId('legend-sk-uzemie/okresy')).toHaveAttribute('data-layer-state', 'shown');
    const [pointData, pointTiles, areaData, areaTiles] = await Promise.all([settled(points.data), settled(points.tiles), settled(areas.data), settled(areas.tiles)]);
    console.log(`points: ${pointData.length} GeoJSON, ${pointTiles.length} tiles; areas: ${areaData.length} GeoJSON, ${areaTiles.length} tiles`);
    expect(pointData.length).toBe(1);
    expect(pointTiles).toEqual([]);
    expect(areaData).toEqual([]);
    expect(areaTiles.length).toBeGreaterThan(0);
    expect(new Set(areaTiles.map((t) => t.z))).toEqual(new Set([8]));
  });
});

interface SeenRequest {
  url: string;
  z?: number;
  status: number;
  bytes: number;
}

/** The dataset's GeoJSON answers (GET /api/data) and vector tiles (OGC API – Tiles) the page receives, with their bytes. */
function recordDatasetRequests(page: Page, key: string): { data: Array<Promise<SeenRequest>>; tiles: Array<Promise<SeenRequest>> } {
  const [provider, dataset] = key.split('/');
  const seen = { data: [] as Array<Promise<SeenRequest>>, tiles: [] as Array<Promise<SeenRequest>> };
  page.on('response', (r) => {
    const u = new URL(r.url());
    const body = r.body().then((b) => b.length, () => 0);
    if (u.pathname === `/api/data/${provider}/${dataset}`) seen.data.push(body.then((bytes) => ({ url: r.url(), status: r.status(), bytes })));
    const t = new RegExp(`^/ogc/collections/${provider}\\.${dataset}/tiles/WebMercatorQuad/(\\d+)/`).exec(u.pathname);
    if (t) seen.tiles.push(body.then((bytes) => ({ url: r.url(), z: Number(t[1]), status: r.status(), bytes })));
  });
  return seen;
}

async function settled(list: Array<Promise<SeenRequest>>): Promise<SeenRequest[]> {
  return Promise.all(list);
}
