// The front door (issue 26), measured with boundingBox(): /mapa leads to the map; the first screen
// says what the portal is (name, one sentence, the place search, the "Čo je tu?" hint until used);
// on a wide screen all of Slovakia lies beside the open catalog; the protocol samples stay out of
// the map's catalog unless switched on; phone layouts at 390×844 and 320 px keep panels on the
// screen, 40 % of the screen as map with the queried point visible, touch targets of 24 px (44 px
// for primary buttons) and no page wider than the screen.
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { CatalogDocument } from '@/lib/providers/schema';
import { goOffline, waitForMapIdle } from './helpers';

type Box = { x: number; y: number; width: number; height: number };

async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox();
  expect(b, 'element has a box').not.toBeNull();
  return b!;
}

/** Where a lon/lat lies on the screen (px), projected by the page's MapLibre map. */
async function project(page: Page, lon: number, lat: number): Promise<{ x: number; y: number }> {
  const p = await page.evaluate(([lo, la]) => {
    const m = window.__geoportalMap!;
    const r = m.getContainer().getBoundingClientRect();
    const q = m.project([lo, la]);
    return { x: q.x + r.left, y: q.y + r.top };
  }, [lon, lat] as const);
  return p;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the front door', () => {
  test.beforeEach(async ({ page }) => {
    await goOffline(page);
  });

  test('/mapa leads to the map', async ({ page, request }) => {
    const res = await request.get('/mapa', { maxRedirects: 0 });
    expect([307, 308]).toContain(res.status());
    expect(new URL(res.headers().location!, 'http://x').pathname).toBe('/');
    await page.goto('/mapa');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.getByTestId('map-app')).toBeVisible();
  });

  test('desktop first screen: name, sentence, search, hint until used; all of Slovakia beside the open catalog', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    const intro = page.getByTestId('map-intro');
    await expect(intro.getByRole('heading', { level: 1 })).toHaveText('Geodáta Slovenska');
    await expect(intro).toContainText('Verejná mapa údajov o území Slovenska');
    await expect(page.getByRole('combobox', { name: /Hľadať miesto/ })).toBeVisible();
    const hint = page.getByTestId('what-here-hint');
    await expect(hint).toContainText('kliknite do mapy – Čo je tu?');
    await waitForMapIdle(page);

    // Slovakia's corners and Bratislava lie in the map right of the open panel, below the first screen.
    const panel = await box(page.locator('#catalog-body'));
    const top = await box(page.locator('.map-top'));
    const panelRight = panel.x + panel.width;
    const west = await project(page, 16.83, 48.0);
    const bratislava = await project(page, 17.107, 48.148);
    const east = await project(page, 22.57, 48.9);
    const north = await project(page, 19.5, 49.62);
    const south = await project(page, 18.3, 47.73);
    console.log(`panel right ${panelRight}, west ${west.x}, Bratislava ${bratislava.x}, east ${east.x}, north ${north.y}, south ${south.y}, first screen bottom ${top.y + top.height}`);
    expect(west.x).toBeGreaterThan(panelRight);
    expect(bratislava.x).toBeGreaterThan(panelRight);
    expect(east.x).toBeLessThan(1366);
    expect(north.y).toBeGreaterThan(0);
    expect(south.y).toBeLessThan(768);

    // Used once ("Čo je tu?" by a click into the map): the hint goes and stays gone.
    await page.mouse.click(900, 560);
    await expect(page.getByTestId('what-here')).toBeVisible();
    await expect(hint).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByTestId('map-intro')).toBeVisible();
    await expect(page.getByTestId('what-here-hint')).toHaveCount(0);
  });

  test('the protocol samples: not in the map catalog until "Ukážkové dáta" is switched on; the API catalog still marks them', async ({ page, request }) => {
    const catalog: CatalogDocument = await (await request.get('/api/catalog')).json();
    const samples = catalog.datasets.filter((d) => d.category === 'sample');
    expect(samples.length).toBeGreaterThan(3);
    expect(samples.every((d) => d.sample === true)).toBe(true);

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/');
    await expect(page.getByTestId('catalog-panel')).toBeVisible();
    await expect(page.getByTestId('catalog-samples')).toHaveCount(0);
    await expect(page.getByTestId(`dataset-toggle-${samples[0].key}`)).toHaveCount(0);
    // Searching the catalog finds no sample either.
    await page.getByTestId('catalog-search').fill('ovzdušie');
    await expect(page.getByTestId('catalog-samples')).toHaveCount(0);
    await page.getByTestId('catalog-search').fill('');
    const sw = page.getByTestId('catalog-samples-switch');
    await expect(sw).not.toBeChecked();
    await sw.check();
    await expect(page.getByTestId('catalog-samples')).toBeVisible();
    await expect(page.getByTestId('catalog-samples')).toContainText('Ukážkové dáta');
  });
});

for (const width of [390, 320]) {
  test.describe(`phone ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await goOffline(page);
      await page.setViewportSize({ width, height: 844 });
    });

    test('"Čo je tu?" leaves at least 40 % of the screen as map with the point visible, uncovered', async ({ page }) => {
      await page.goto('/');
      await waitForMapIdle(page);
      // A tap low on the map: the sheet must not hide the point.
      await page.mouse.click(width / 2, 700);
      const sheet = page.getByTestId('what-here');
      await expect(sheet).toBeVisible();
      await page.waitForTimeout(800);
      await waitForMapIdle(page);
      const s = await box(sheet);
      const tops = [page.getByTestId('catalog-toggle'), page.locator('.map-top')];
      let topBottom = 0;
      for (const t of tops) {
        if (!(await t.isVisible())) continue;
        const b = await box(t);
        if (b.height > 0) topBottom = Math.max(topBottom, b.y + b.height);
      }
      const mapShare = (s.y - topBottom) / 844;
      const marker = await box(page.getByTestId('query-marker'));
      console.log(`${width}px: sheet top ${s.y}, top controls bottom ${topBottom}, map share ${mapShare.toFixed(2)}, marker y ${marker.y}`);
      expect(mapShare).toBeGreaterThanOrEqual(0.4);
      expect(marker.y).toBeGreaterThanOrEqual(topBottom);
      expect(marker.y + marker.height).toBeLessThanOrEqual(s.y);
      expect(s.width).toBeLessThanOrEqual(width);
      // No notice covers the point.
      for (const n of await page.locator('.basemap-note, .tool-status, [role="status"]').all()) {
        if (!(await n.isVisible())) continue;
        const nb = await n.boundingBox();
        if (nb) expect(overlaps(nb, marker), await n.innerText()).toBe(false);
      }
      // The sheet's close button is a primary one: 44×44.
      const close = await box(sheet.locator('.what-here-head .icon-button').first());
      expect(close.width).toBeGreaterThanOrEqual(44);
      expect(close.height).toBeGreaterThanOrEqual(44);
    });

    test('the catalog on /mapy/byvanie fits the screen, its × buttons visible, the zoom control uncovered; touch targets ≥ 24 px', async ({ page }) => {
      await page.goto('/mapy/byvanie');
      await waitForMapIdle(page);
      const toggle = page.getByTestId('catalog-toggle');
      const t = await box(toggle);
      expect(t.width).toBeGreaterThanOrEqual(44);
      expect(t.height).toBeGreaterThanOrEqual(44);
      if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
      const panel = page.getByTestId('catalog-panel');
      const body = await box(page.locator('#catalog-body'));
      console.log(`${width}px: catalog body x ${body.x}, width ${body.width}, bottom ${body.y + body.height}`);
      expect(body.x).toBeGreaterThanOrEqual(0);
      expect(body.x + body.width).toBeLessThanOrEqual(width);
      const offs = panel.getByRole('button', { name: /^Skryť / });
      const n = await offs.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const b = await box(offs.nth(i));
        expect(b.x + b.width, `× ${i}`).toBeLessThanOrEqual(width);
        expect(b.width).toBeGreaterThanOrEqual(24);
        expect(b.height).toBeGreaterThanOrEqual(24);
      }
      const zoom = await box(page.locator('.maplibregl-ctrl-zoom-in'));
      expect(overlaps(zoom, body), 'the catalog covers the zoom control').toBe(false);
      // Touch targets in the catalog: checkboxes and "info" links.
      await page.getByTestId('catalog-search').fill('a');
      for (const l of [panel.locator('input[type="checkbox"]'), panel.getByRole('link', { name: /^O datasete/ })]) {
        const count = await l.count();
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < Math.min(count, 12); i++) {
          if (!(await l.nth(i).isVisible())) continue;
          const b = await box(l.nth(i));
          expect(b.width, `target ${i}`).toBeGreaterThanOrEqual(24);
          expect(b.height, `target ${i}`).toBeGreaterThanOrEqual(24);
        }
      }
    });

    if (width === 320) {
      test('no page scrolls sideways at 320 px', async ({ page }) => {
        const wide: string[] = [];
        for (const path of ['/', '/stav-zdrojov', '/mapy', '/mapy/byvanie', '/poskytovatelia', '/dokumentacia', '/neschvalene-data', '/mapa/sk-uzemie/obce', '/bratislavsky-kraj/malacky']) {
          const res = await page.goto(path);
          if (!res || res.status() >= 400) {
            wide.push(`${path}: HTTP ${res?.status()}`);
            continue;
          }
          await page.waitForLoadState('load');
          const w = await page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));
          console.log(`${path}: scrollWidth ${w}`);
          if (w > 320) wide.push(`${path}: ${w}px`);
        }
        expect(wide).toEqual([]);
      });
    }
  });
}
