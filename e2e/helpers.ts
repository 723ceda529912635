// Shared helpers of the e2e suite: offline guard, map readiness, pixel comparison, axe, artifacts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { Place, PlaceResult } from '@/lib/places/schema';
import type { CatalogDataset, CatalogDocument, RegistrationResult } from '@/lib/providers/schema';

declare global {
  // What the specs keep in a page's window besides the map (`__geoportalMap`, declared with the map in
  // components/map/map-canvas.tsx): citizen.spec's timing marks and mcp-app.spec's host log.
  interface Window {
    /** When a click or a keystroke happened and when its answer showed (citizen.spec). */
    __t?: { down?: number; sawLoading?: boolean; done?: number; input?: number; shown?: number };
    /** The methods the MCP App sent its host, in order (mcp-app.spec). */
    __hostLog?: string[];
  }
}

export const FAKE_PROVIDER_PORT = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? 3199);
/** provider-chain.spec's SMTP server: the web server's SMTP_URL (playwright.config.ts webServer.env). */
export const SMTP_PORT = FAKE_PROVIDER_PORT - 7;

const run = promisify(execFile);

/**
 * The operator's CLI with the web server's environment (playwright.config.ts webServer.env): its
 * database socket and SMTP settings. Asynchronous, so that the Playwright worker goes on meanwhile (a
 * spec's own SMTP or provider server in this process must answer the CLI).
 */
export async function operator(...args: string[]): Promise<{ stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  const { stdout, stderr } = await run('npm', ['run', '--silent', 'operator', '--', ...args], {
    env: { ...process.env, PGLITE_DIR: './data/e2e-pglite', SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
    timeout: 120_000,
  });
  return { stdout, stderr, ms: Math.round(performance.now() - started) };
}

/** Every request that leaves the machine is refused: the map must work with no internet. */
export async function goOffline(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route('**/*', (route) => {
    const host = new URL(route.request().url()).hostname;
    if (host === 'localhost' || host === '127.0.0.1' || route.request().url().startsWith('data:') || route.request().url().startsWith('blob:')) {
      return route.continue();
    }
    refused.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return refused;
}

/**
 * Refused requests other than those a map may try by design: raster tile templates of datasets and
 * the ZBGIS basemap, which the map checks with one tile and, offline, replaces by the portal's own.
 */
export function unexpectedRequests(refused: string[]): string[] {
  return refused.filter((u) => !/\{|wms|arcgis|tiles/i.test(u) && !/^https:\/\/zbgis\.skgeodesy\.sk\/zbgis\/rest\/services\/(ZBGIS|Ortofoto)\/MapServer\/tile\//.test(u));
}

/**
 * Waits until the MapLibre map exists, its style and sources are loaded and it is not moving. A page
 * first shows the map's picture (components/map/map-facade.tsx); the live map starts as a person's
 * wheel over it starts it, which is what this does while the map does not exist yet.
 */
export async function waitForMapIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const m = window.__geoportalMap;
    if (!m) document.querySelector('[data-testid="map-facade"][role="button"]')?.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    return !!m && m.loaded() && !m.isMoving() && m.areTilesLoaded() && !document.querySelector('[data-testid="map-facade"]');
  }, null, { timeout: 60_000 });
  // One more frame pair so the last render reaches the screen.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
}

export async function canvasShot(page: Page): Promise<Buffer> {
  return page.locator('[data-testid="map-canvas"] canvas').first().screenshot();
}

/** Pixels that differ (any channel by more than 16) between two PNG screenshots, decoded in the browser. */
export async function pixelDiff(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([x, y]) => {
      const decode = async (b64: string) => {
        const blob = await (await fetch(`data:image/png;base64,${b64}`)).blob();
        const bmp = await createImageBitmap(blob);
        const c = new OffscreenCanvas(bmp.width, bmp.height);
        const ctx = c.getContext('2d')!;
        ctx.drawImage(bmp, 0, 0);
        return ctx.getImageData(0, 0, bmp.width, bmp.height);
      };
      const [da, db] = await Promise.all([decode(x), decode(y)]);
      if (da.width !== db.width || da.height !== db.height) return Number.MAX_SAFE_INTEGER;
      let n = 0;
      for (let i = 0; i < da.data.length; i += 4) {
        if (
          Math.abs(da.data[i] - db.data[i]) > 16 ||
          Math.abs(da.data[i + 1] - db.data[i + 1]) > 16 ||
          Math.abs(da.data[i + 2] - db.data[i + 2]) > 16
        ) n++;
      }
      return n;
    },
    [a.toString('base64'), b.toString('base64')],
  );
}

/** Serious and critical accessibility violations on the page (WCAG 2.1 A/AA rules). */
export async function seriousViolations(page: Page): Promise<Array<{ id: string; impact: string; help: string; nodes: string[] }>> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: false }), contentType: 'image/png' });
}

/** The datasets of GET /api/catalog, typed by the answer's one schema (lib/providers/schema.ts). */
export async function catalog(request: APIRequestContext): Promise<CatalogDataset[]> {
  const res = await request.get('/api/catalog');
  expect(res.status()).toBe(200);
  return ((await res.json()) as CatalogDocument).datasets;
}

/** The municipalities of the places GET /api/places finds for a text, best first (a place outside every municipality names none). */
export async function placeMunicipalities(request: APIRequestContext, query: string, max: number): Promise<Array<NonNullable<Place['municipality']>>> {
  const res = await request.get(`/api/places?query=${encodeURIComponent(query)}&max=${max}`);
  expect(res.status()).toBe(200);
  const { places }: PlaceResult = await res.json();
  return places.flatMap((p) => (p.municipality ? [p.municipality] : []));
}

/** A whole-mode GeoJSON dataset with a `range` time parameter (the protocol samples have one). */
export async function temporalDataset(request: APIRequestContext): Promise<CatalogDataset & { param: { key: string; min: number; max: number } }> {
  const list = await catalog(request);
  for (const d of list) {
    const key = d.temporal?.param;
    const p = d.params?.find((x) => x.key === key);
    if (d.links.data && d.source.type === 'geojson' && d.source.mode !== 'bbox' && p && p.type === 'range' && p.min !== undefined && p.max !== undefined) {
      return { ...d, param: { key: p.key, min: Number(p.min), max: Number(p.max) } };
    }
  }
  throw new Error('no dataset with a range time parameter in the catalog');
}

/** The first point object of a dataset that carries a chart (dm.chart moved to __dm_chart). */
export async function pointWithChart(request: APIRequestContext, dataPath: string): Promise<{ lon: number; lat: number; title: string }> {
  const res = await request.get(dataPath);
  expect(res.status()).toBe(200);
  const fc = (await res.json()) as GeoJSON.FeatureCollection;
  const f = fc.features.find((x) => x.geometry?.type === 'Point' && x.properties?.__dm_chart);
  if (!f) throw new Error(`no point with a chart in ${dataPath}`);
  const [lon, lat] = (f.geometry as GeoJSON.Point).coordinates;
  return { lon, lat, title: String(f.properties?.__dm_title ?? '') };
}

/**
 * Registers a provider by its manifest URL and approves it as an operator does: the CLI, through the
 * server's database socket. A provider kept approved from an earlier run is left as it is.
 */
export async function registerAndApprove(request: APIRequestContext, manifestUrl: string, id: string): Promise<void> {
  const res = await request.post('/api/registration', { data: { manifestUrl } });
  expect([200, 201], await res.text()).toContain(res.status());
  const { status }: RegistrationResult = await res.json();
  if (status === 'approved') return;
  await operator('approve', id);
}

/** Waits until the catalog lists every one of `keys` (an approval reaches the catalog). */
export async function waitForCatalog(request: APIRequestContext, keys: string[]): Promise<void> {
  await expect
    .poll(async () => {
      const listed = (await catalog(request)).map((d) => d.key);
      return keys.every((k) => listed.includes(k));
    }, { timeout: 60_000 })
    .toBe(true);
}

/** Layout shifts without recent input, summed from the page's start (buffered entries). */
export async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) sum += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries arrive in the observer's first callback, within a frame or two.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(sum), 50)));
      }),
  );
}
