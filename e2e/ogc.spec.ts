// The OGC API in a browser: one URL gives people a Slovak page in the site's chrome and GIS clients
// JSON; the pages link collection -> items -> next page -> feature; dataset pages say how to add the
// portal in QGIS; and the map draws a large whole dataset from the vector tiles.
import { expect, test } from '@playwright/test';
import type { ItemsDocument } from '@/lib/ogc/documents';
import { attachScreenshot, goOffline, seriousViolations, waitForMapIdle } from './helpers';

test.describe('OGC API', () => {
  test('a browser gets the Slovak pages, a GIS client JSON, at the same URLs', async ({ page, request }, testInfo) => {
    await goOffline(page);
    await page.goto('/ogc');
    await expect(page.getByTestId('ogc-landing')).toBeVisible();
    await expect(page.locator('header.site-header')).toBeVisible();
    const base = new URL(page.url()).origin;
    await expect(page.getByTestId('qgis-url')).toHaveText(`${base}/ogc`);
    await expect(page.getByTestId('qgis-howto')).toContainText('Pridať vrstvu WFS / OGC API – Features');
    await attachScreenshot(page, testInfo, 'ogc-landing');
    expect(await seriousViolations(page)).toEqual([]);

    for (const accept of ['application/json', 'application/geo+json, application/json', '*/*']) {
      const res = await request.get('/ogc/collections', { headers: { Accept: accept } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/json');
    }
    const json = await request.get('/ogc/collections?f=json', { headers: { Accept: 'text/html' } });
    expect(json.headers()['content-type']).toBe('application/json');
    const html = await request.get('/ogc/collections?f=html');
    expect(html.headers()['content-type']).toMatch(/^text\/html/);

    await page.getByTestId('ogc-collections-link').click();
    await expect(page.getByTestId('ogc-collections-table')).toBeVisible();
    await expect(page.getByTestId('ogc-collections-table')).toContainText('sk-uzemie.kraje');
    await expect(page.getByTestId('ogc-collections-table')).not.toContainText('zbgis.katastralna-mapa');
    await attachScreenshot(page, testInfo, 'ogc-collections');

    await page.goto('/ogc/collections/sk-uzemie.obce');
    await expect(page.getByTestId('ogc-collection')).toBeVisible();
    await expect(page.getByTestId('ogc-attribution')).not.toBeEmpty();
    await expect(page.getByTestId('ogc-license')).not.toBeEmpty();
    await attachScreenshot(page, testInfo, 'ogc-collection');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('ogc-items-link').click();
    await expect(page.getByTestId('ogc-items-table')).toBeVisible();
    await expect(page.getByTestId('ogc-items-count')).toContainText(/100 objektov na tejto stránke z 2.927/);
    await page.getByTestId('ogc-next').click();
    await expect(page.getByTestId('ogc-items-count')).toContainText('od 101. v poradí');
    await attachScreenshot(page, testInfo, 'ogc-items');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('ogc-items-table').locator('tbody a').first().click();
    await expect(page.getByTestId('ogc-feature-table')).toBeVisible();
    await attachScreenshot(page, testInfo, 'ogc-feature');
  });

  test('the items page filters with CQL2; a former dataset-parameter name never switches the data', async ({ page, request }, testInfo) => {
    await goOffline(page);
    await page.goto('/ogc/collections/sk-uzemie.obce/items?f=html');
    await page.getByLabel('Filter (CQL2)').fill("ACCENTI(CASEI(nazov)) LIKE 'zilina%'");
    await page.getByRole('button', { name: 'Filtrovať' }).click();
    await expect(page.getByTestId('ogc-items-count')).toContainText(/^1 objekt na tejto stránke z 1\b/);
    const names = await page.getByTestId('ogc-items-table').locator('tbody tr td:nth-child(3)').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/^Žilina/);
    await attachScreenshot(page, testInfo, 'ogc-items-filtered');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Filter (CQL2)').fill('nazov =');
    await page.getByRole('button', { name: 'Filtrovať' }).click();
    await expect(page.getByText(/filter: syntax error/)).toBeVisible();

    // GDAL's -where "ukazovatel='hustota'" sends ?ukazovatel=hustota: a property filter (the labels differ), not the map variable.
    const byProperty: ItemsDocument = await (await request.get('/ogc/collections/sk-uzemie.obce/items?ukazovatel=hustota&limit=1')).json();
    expect(byProperty.numberMatched).toBe(0);
    const density: ItemsDocument = await (await request.get('/ogc/collections/sk-uzemie.obce/items?param.ukazovatel=hustota&limit=1')).json();
    expect(density.numberMatched).toBe(2927);
    expect(density.features[0].properties?.ukazovatel).toBe('Hustota obyvateľstva');
  });

  test('a dataset page says how to add the portal in QGIS', async ({ page }) => {
    await goOffline(page);
    await page.goto('/mapa/sk-uzemie/kraje');
    await expect(page.getByTestId('qgis-howto')).toContainText('sk-uzemie.kraje');
    await expect(page.getByTestId('qgis-url')).toHaveText(`${new URL(page.url()).origin}/ogc`);
  });

  test('the map draws municipality outlines (areas, over the vertex threshold) from the vector tiles', async ({ page, request }, testInfo) => {
    await goOffline(page);
    const data: GeoJSON.FeatureCollection = await (await request.get('/api/data/sk-uzemie/obce')).json();
    let vertices = 0;
    const visit = (c: unknown): void => {
      if (!Array.isArray(c)) return;
      if (typeof c[0] === 'number') vertices++;
      else c.forEach(visit);
    };
    for (const f of data.features) if (f.geometry && 'coordinates' in f.geometry) visit(f.geometry.coordinates);
    expect(vertices).toBeGreaterThan(20_000);
    const tile = page.waitForResponse((r) => r.url().includes('/ogc/collections/sk-uzemie.obce/tiles/WebMercatorQuad/') && r.status() === 200);
    await page.goto('/?d=sk-uzemie/obce#8/48.7/19.1');
    await waitForMapIdle(page);
    await tile;
    const sourceType = await page.evaluate(() => window.__geoportalMap!.getSource('ds:sk-uzemie/obce')?.type);
    expect(sourceType).toBe('vector');
    await attachScreenshot(page, testInfo, 'map-from-tiles');
  });
});
