// Speed on a phone (issue 26), measured rather than timed: the page's text is in the server's HTML
// before any script runs, the map's JavaScript (MapLibre) is requested only after the first paint of
// that text, and the map's box is reserved so nothing jumps when the map arrives (layout shifts summed
// by a PerformanceObserver in Chromium, CLS ≤ 0.1). Lighthouse figures: README "Performance".
import { expect, test, type Page } from '@playwright/test';
import { goOffline, waitForMapIdle } from './helpers';

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

/** Layout shifts without recent input, summed from the page's start (buffered entries). */
async function layoutShift(page: Page): Promise<number> {
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
});
