// The 2019 boundaries on the website: the offline basemap credits them, the cadastral territories
// are drawn (from the vector tiles) from zoom 10, and a municipality page gives the official area and its territories.
import { expect, test } from '@playwright/test';
import { attachScreenshot, canvasShot, goOffline, pixelDiff, waitForMapIdle, unexpectedRequests } from './helpers';

const KEY = 'sk-uzemie/katastralne-uzemia';

test.describe('boundaries of 2019', () => {
  test('the offline basemap draws and credits the cadastral authority; the cadastral territories draw at zoom 12', async ({ page }, testInfo) => {
    const refused = await goOffline(page);
    await page.goto('/#12/48.4359/17.0209');
    await waitForMapIdle(page);
    await expect(page.getByTestId('attribution')).toContainText('ÚGKK SR / GKÚ Bratislava (ZBGIS), stav 30. 4. 2019');
    const before = await canvasShot(page);

    // A whole area dataset is drawn from the portal's vector tiles (lib/map/layers.ts drawsFromTiles),
    // here the tiles of zoom 12; its GeoJSON is not downloaded.
    const tilePath = `/ogc/collections/${KEY.replace('/', '.')}/tiles/WebMercatorQuad/12/`;
    const response = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith(tilePath) && r.status() === 200);
    const geojson: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith(`/api/data/${KEY}`)) geojson.push(r.url());
    });
    await page.goto(`/?d=${KEY}#12/48.4359/17.0209`);
    await waitForMapIdle(page);
    await response;
    await expect(page.getByTestId(`enabled-${KEY}`)).toBeVisible();
    await waitForMapIdle(page);
    const after = await canvasShot(page);
    expect(await pixelDiff(page, before, after), 'pixels changed by drawing the territories').toBeGreaterThan(50);
    await expect(page.getByTestId('attribution')).toContainText('Katastrálne územia: ÚGKK SR');
    await attachScreenshot(page, testInfo, 'cadastral-territories-malacky');
    expect(unexpectedRequests(refused)).toEqual([]);
    expect(geojson, 'drawn once: tiles, no GeoJSON of the territories').toEqual([]);
  });

  test('the municipality page of Malacky: official area and its cadastral territory', async ({ page }) => {
    await goOffline(page);
    await page.goto('/bratislavsky-kraj/malacky');
    await expect(page.getByTestId('municipality-page')).toBeVisible();
    await expect(page.getByTestId('municipality-numbers')).toContainText('27,17 km²');
    await expect(page.getByTestId('municipality-cadastral-territories')).toHaveText('Malacky (835196)');
  });
});
