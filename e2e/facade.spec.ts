// The map's facade (issue 26): a map page first shows the server's picture of its view
// (GET /api/map-image) and starts MapLibre only when the person uses the map. Checked by what the
// browser asked for (no MapLibre script, no WebGL canvas before the first touch), by where a tap's
// "Čo je tu?" lands (the picture's own view, lib/map/facade.ts), by the live map starting at that same
// view, and by the layout not moving (CLS ≤ 0.1), on a phone and on a desktop.
import { expect, test, type Page } from '@playwright/test';
import { facadePoint } from '@/lib/map/facade';
import { goOffline, layoutShift, seriousViolations, waitForMapIdle } from './helpers';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'sk-SK' } as const;
const DESKTOP = { viewport: { width: 1366, height: 768 }, locale: 'sk-SK' } as const;

/** Whether any script the page loaded so far carries MapLibre (its code names itself). */
function recordMapLibre(page: Page): { urls: string[]; bodies: Promise<boolean>[] } {
  const seen = { urls: [] as string[], bodies: [] as Promise<boolean>[] };
  page.on('response', (r) => {
    if (r.request().resourceType() !== 'script') return;
    seen.urls.push(r.url());
    seen.bodies.push(r.text().then((t) => /maplibre-gl|maplibregl/i.test(t) && t.length > 300_000, () => false));
  });
  return seen;
}

/** The facade's picture is loaded and the map app has arrived (its facade takes input). */
async function facadeShown(page: Page): Promise<void> {
  const facade = page.locator('[data-testid="map-facade"][role="button"]');
  await expect(facade).toBeVisible();
  await expect.poll(() => facade.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** The view the chosen picture shows, read from its address. */
async function pictureView(page: Page): Promise<{ lon: number; lat: number; zoom: number }> {
  const src = await page.locator('[data-testid="map-facade"][role="button"] img').evaluate((img: HTMLImageElement) => img.currentSrc);
  const q = new URL(src).searchParams;
  const [lon, lat] = q.get('center')!.split(',').map(Number);
  return { lon, lat, zoom: Number(q.get('zoom')) };
}

for (const [name, device] of [['phone 390×844', PHONE], ['desktop 1366×768', DESKTOP]] as const) {
  test.describe(`facade on a ${name}`, () => {
    test.use(device);
    test.beforeEach(async ({ page }) => {
      await goOffline(page);
    });

    for (const path of ['/', '/mapa/sk-uzemie/obce', '/zilinsky-kraj/zilina']) {
      test(`${path}: the first screen is the picture; no MapLibre, no canvas until the map is used; CLS ≤ 0.1`, async ({ page }) => {
        const scripts = recordMapLibre(page);
        const pictures: number[] = [];
        page.on('response', (r) => {
          if (r.url().includes('/api/map-image')) pictures.push(r.status());
        });
        await page.goto(path);
        await facadeShown(page);
        // Quiet for a while: nothing starts the map by itself.
        await page.waitForTimeout(1500);
        expect(await page.locator('[data-testid="map-canvas"] canvas').count()).toBe(0);
        expect((await Promise.all(scripts.bodies)).some(Boolean), 'a MapLibre script before any use').toBe(false);
        expect(await page.evaluate(() => 'maplibregl' in window || !!window.__geoportalMap)).toBe(false);
        expect(pictures.length).toBeGreaterThan(0);
        for (const s of pictures) expect([200, 304]).toContain(s);
        const cls = await layoutShift(page);
        console.log(`${name} ${path}: ${pictures.length} picture(s), layout shift ${cls.toFixed(4)}`);
        expect(cls).toBeLessThanOrEqual(0.1);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('a click or tap on the picture asks "Čo je tu?" at that point and starts the map at the same view', async ({ page }) => {
      await page.goto('/');
      await facadeShown(page);
      const facade = page.locator('[data-testid="map-facade"][role="button"]');
      const box = (await facade.boundingBox())!;
      const view = await pictureView(page);
      const at = { x: Math.round(box.width * 0.55), y: Math.round(box.height * 0.6) };
      if (device === PHONE) await facade.tap({ position: at });
      else await facade.click({ position: at });
      const expected = facadePoint(view, box, at.x, at.y);
      await expect(page.getByTestId('what-here')).toBeVisible();
      await expect.poll(() => new URL(page.url()).searchParams.get('bod')).not.toBeNull();
      const [lon, lat] = new URL(page.url()).searchParams.get('bod')!.split(',').map(Number);
      expect(Math.abs(lon - expected.lon)).toBeLessThan(1e-4);
      expect(Math.abs(lat - expected.lat)).toBeLessThan(1e-4);
      // The live map starts at the picture's view (before it pans the point clear of a phone's sheet).
      await waitForMapIdle(page);
      const live = await page.evaluate(() => {
        const m = window.__geoportalMap!;
        return { zoom: m.getZoom() };
      });
      expect(Math.abs(live.zoom - view.zoom)).toBeLessThan(0.05);
    });

    test('a place chosen in the search while the map is still the picture: the live map starts and goes there', async ({ page }) => {
      await page.goto('/');
      await facadeShown(page);
      const box = page.getByRole('combobox', { name: 'Hľadať miesto' });
      await box.fill('zilina');
      const option = page.getByRole('listbox').getByRole('option').filter({ hasText: /^Žilina/ }).first();
      await expect(option).toBeVisible();
      // Nothing has started the map yet: the choice itself must.
      expect(await page.evaluate(() => !!window.__geoportalMap)).toBe(false);
      await option.click();
      await expect.poll(() => page.evaluate(() => !!window.__geoportalMap), { timeout: 60_000 }).toBe(true);
      await expect(page.getByTestId('place-marker')).toBeVisible();
      // Žilina's centre at a town's zoom, not the home view of the whole country.
      await expect.poll(async () => {
        return page.evaluate(() => {
          const m = window.__geoportalMap!;
          if (m.isMoving()) return null;
          const c = m.getCenter();
          return { zoom: Math.round(m.getZoom()), near: Math.hypot(c.lng - 18.74, c.lat - 49.22) < 0.1 };
        });
      }, { timeout: 30_000 }).toMatchObject({ near: true });
      const zoom = await page.evaluate(() => window.__geoportalMap!.getZoom());
      expect(zoom).toBeGreaterThanOrEqual(11);
    });
  });
}

test.describe('facade: starting the live map', () => {
  test.beforeEach(async ({ page }) => {
    await goOffline(page);
  });

  test('desktop: a mouse over the map starts it; the facade is a named button for the keyboard', async ({ page }) => {
    await page.setViewportSize(DESKTOP.viewport);
    await page.goto('/mapa/sk-uzemie/obce');
    await facadeShown(page);
    const facade = page.locator('[data-testid="map-facade"][role="button"]');
    await expect(facade).toHaveAttribute('aria-label', /Mapa \(náhľad\)/);
    await expect(facade).toHaveAttribute('tabindex', '0');
    await facade.hover();
    await expect.poll(() => page.evaluate(() => !!window.__geoportalMap), { timeout: 60_000 }).toBe(true);
    await waitForMapIdle(page);
    await expect(page.getByTestId('map-facade')).toHaveCount(0);
  });

  test('keyboard: Enter on the focused picture starts the map and moves focus into it', async ({ page }) => {
    await page.goto('/mapa/sk-uzemie/obce');
    await facadeShown(page);
    const facade = page.locator('[data-testid="map-facade"][role="button"]');
    await facade.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Načítavam mapu…' }).first()).toBeAttached();
    await waitForMapIdle(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('CANVAS');
  });

  test('a picture that does not load starts the live map (never an empty box)', async ({ page }) => {
    await page.route('**/api/map-image**', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"test","code":"source_error"}' }));
    await page.goto('/mapa/sk-uzemie/obce');
    await expect.poll(() => page.evaluate(() => !!window.__geoportalMap), { timeout: 60_000 }).toBe(true);
  });

  test('GET /api/map-image: a PNG with ETag and Cache-Control, 304 for its tag, 400 with a code for bad input', async ({ request }) => {
    const url = '/api/map-image?center=19.5,48.7&zoom=6&width=512&height=896';
    const res = await request.get(url);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['cache-control']).toContain('max-age=');
    const etag = res.headers()['etag'];
    expect(etag).toMatch(/^"/);
    const body = await res.body();
    expect(body.subarray(1, 4).toString()).toBe('PNG');
    const again = await request.get(url, { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
    const bad = await request.get('/api/map-image?center=19.5,48.7&zoom=40&width=512&height=896');
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_query' });
    const unknown = await request.get('/api/map-image?center=19.5,48.7&zoom=6&width=512&height=896&datasets=nikto/nic');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'unknown_dataset' });
  });
});
