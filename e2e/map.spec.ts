// The map at `/`: draws a dataset offline, opens an object's detail with its chart, the time
// filter changes the data request, and the URL carries the whole state and gives it back.
import { expect, test } from '@playwright/test';
import {
  attachScreenshot,
  canvasShot,
  goOffline,
  pixelDiff,
  pointWithChart,
  seriousViolations,
  temporalDataset,
  waitForMapIdle,
  unexpectedRequests,
} from './helpers';

test.describe('map', () => {
  test('draws a dataset offline: the canvas pixels change', async ({ page, request }, testInfo) => {
    const refused = await goOffline(page);
    const ds = await temporalDataset(request);
    await page.goto('/');
    await expect(page.getByTestId('catalog-panel')).toBeVisible();
    await waitForMapIdle(page);
    const before = await canvasShot(page);

    const response = page.waitForResponse((r) => r.url().includes(ds.links.data!) && r.status() === 200);
    // The protocol samples are listed only with the catalog's 'Ukážkové dáta' switch on.
    if (ds.category === 'sample') await page.getByTestId('catalog-samples-switch').check();
    await page.getByTestId('catalog-search').fill(ds.title.split(' ')[0]);
    await page.getByTestId(`dataset-toggle-${ds.key}`).check();
    await response;
    await expect(page.getByTestId(`enabled-${ds.key}`).getByTestId('dataset-count')).toBeVisible();
    await waitForMapIdle(page);
    const after = await canvasShot(page);

    const changed = await pixelDiff(page, before, after);
    expect(changed, 'pixels changed by drawing the dataset').toBeGreaterThan(50);
    await expect(page.getByTestId('legend')).toContainText(ds.title);
    await expect(page.getByTestId('attribution')).toBeVisible();
    expect(page.url()).toContain(`d=${ds.key}`);
    await attachScreenshot(page, testInfo, 'home-map-with-dataset');
    // The basemap itself is the portal's: nothing was asked of the internet to draw it.
    expect(unexpectedRequests(refused)).toEqual([]);
  });

  test('clicking an object opens its detail with the chart', async ({ page, request }, testInfo) => {
    await goOffline(page);
    const ds = await temporalDataset(request);
    const point = await pointWithChart(request, ds.links.data!);
    await page.goto(`/?d=${ds.key}#13/${point.lat}/${point.lon}`);
    await waitForMapIdle(page);
    await expect(page.getByTestId(`enabled-${ds.key}`).getByTestId('dataset-count')).toBeVisible();
    await waitForMapIdle(page);
    // The view is centred on the object: click the middle of the map.
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const detail = page.getByTestId('object-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('object-title')).not.toBeEmpty();
    const chart = detail.getByTestId('dm-chart');
    await expect(chart).toBeVisible();
    await expect(chart.locator('svg path').first()).toBeVisible();
    await expect(chart.getByTestId('dm-chart-value')).not.toBeEmpty();
    await expect(chart.getByTestId('dm-chart-change')).toContainText(/[+−±]/);
    await expect(chart.getByTestId('dm-chart-trend')).toContainText(/rastie|stagnuje|klesá/);
    await attachScreenshot(page, testInfo, 'object-detail');
    await detail.getByTestId('object-detail-close').click();
    await expect(detail).toBeHidden();
  });

  test('the time filter changes the data request', async ({ page, request }) => {
    await goOffline(page);
    const ds = await temporalDataset(request);
    await page.goto(`/?d=${ds.key}`);
    const filter = page.getByTestId('time-filter');
    await expect(filter).toBeVisible();
    const from = String(ds.param.min + 1);
    const to = String(Math.max(ds.param.min + 1, ds.param.max - 1));
    const wanted = new RegExp(`[?&]${ds.param.key}=${from}(,|%2C)${to}(&|$)`);
    const req = page.waitForRequest((r) => r.url().includes(ds.links.data!) && wanted.test(r.url()));
    await filter.getByTestId('time-from').selectOption(from);
    await filter.getByTestId('time-to').selectOption(to);
    const sent = await req;
    expect((await sent.response())?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${ds.key.replace('/', '\\/')}\\.${ds.param.key}=${from},${to}`));
  });

  test('the URL round-trips the state', async ({ page, request }) => {
    await goOffline(page);
    const ds = await temporalDataset(request);
    const other = 'sk-uzemie/kraje';
    const from = String(ds.param.min + 2);
    const to = String(ds.param.min + 3);
    const path = `/?d=${ds.key}&d=${other}&${ds.key}.${ds.param.key}=${from},${to}#9.5/48.7/19.1`;
    await page.goto(path);
    await waitForMapIdle(page);
    await expect(page.getByTestId(`enabled-${ds.key}`)).toBeVisible();
    await expect(page.getByTestId(`enabled-${other}`)).toBeVisible();
    await expect(page.getByTestId('time-from')).toHaveValue(from);
    await expect(page.getByTestId('time-to')).toHaveValue(to);
    // The map wrote back exactly what it read.
    expect(new URL(page.url()).pathname + new URL(page.url()).search + new URL(page.url()).hash).toBe(path);
    const zoom = await page.evaluate(() => window.__geoportalMap!.getZoom());
    expect(zoom).toBeCloseTo(9.5, 1);

    // Turning a dataset off is written to the URL, and a reload restores it.
    await page.getByTestId(`enabled-${other}`).getByRole('button', { name: /Skryť/ }).click();
    await expect(page).toHaveURL(new RegExp(`\\?d=${ds.key.replace('/', '\\/')}&${ds.key.replace('/', '\\/')}\\.`));
    expect(page.url()).not.toContain(other);
    await page.reload();
    await expect(page.getByTestId(`enabled-${ds.key}`)).toBeVisible();
    await expect(page.getByTestId(`enabled-${other}`)).toHaveCount(0);
    await expect(page.getByTestId('time-from')).toHaveValue(from);
  });

  test('a composed map writes only the difference from its own selection', async ({ page }, testInfo) => {
    await goOffline(page);
    await page.goto('/mapy/obyvatelstvo');
    await expect(page.getByTestId('composed-page')).toBeVisible();
    const enabled = page.locator('[data-testid^="enabled-"]');
    await expect(enabled.first()).toBeVisible();
    const count = await enabled.count();
    expect(count).toBeGreaterThan(0);
    await waitForMapIdle(page);
    expect(new URL(page.url()).search).toBe('');
    await attachScreenshot(page, testInfo, 'composed-map');
    const first = (await enabled.first().getAttribute('data-testid'))!.replace('enabled-', '');
    await enabled.first().getByRole('button', { name: /Skryť/ }).click();
    await expect(page).toHaveURL(/\?d=/);
    expect(new URL(page.url()).searchParams.getAll('d')).not.toContain(first);
    expect(new URL(page.url()).searchParams.getAll('d').length).toBe(count - 1);
    // Everything off: `?d=` alone.
    while ((await enabled.count()) > 0) await enabled.first().getByRole('button', { name: /Skryť/ }).click();
    await expect(page).toHaveURL(/\?d=$/);
  });

  test('the basemap switcher: ZBGIS when its tile loads, Offline at once, a note when a raster fails or stops', async ({ page }) => {
    await goOffline(page);
    // The ZBGIS services are faked here: the base map answers (until told to stop after one tile),
    // the orthophoto is unreachable.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    let zbgisTilesLeft = Infinity;
    await page.route(/^https:\/\/zbgis\.skgeodesy\.sk\/zbgis\/rest\/services\/ZBGIS\/MapServer\/tile\//, (route) =>
      zbgisTilesLeft-- > 0 ? route.fulfill({ status: 200, contentType: 'image/png', body: png }) : route.abort('connectionrefused'),
    );
    await page.goto('/');
    const switcher = page.getByTestId('basemap-switcher');
    const note = page.getByTestId('basemap-note');
    await expect(switcher).toHaveAttribute('data-active', 'zbgis');
    await expect(page.getByTestId('basemap-zbgis')).toBeChecked();

    await page.getByTestId('basemap-offline').check();
    await expect(switcher).toHaveAttribute('data-active', 'offline');
    await expect(note).toBeHidden();

    await page.getByTestId('basemap-ortofoto').check();
    await expect(note).toContainText('Ortofotomapa sa nenačítala');
    await expect(switcher).toHaveAttribute('data-active', 'offline');
    await expect(page.getByTestId('basemap-ortofoto')).toBeChecked();

    await page.getByTestId('basemap-offline').check();
    await expect(note).toBeHidden();

    // The probe's tile loads, then the service goes away: a run of failing tiles of the live map falls back.
    await waitForMapIdle(page);
    zbgisTilesLeft = 1;
    await page.getByTestId('basemap-zbgis').check();
    await expect(note).toContainText('Základná mapa ZBGIS prestala odpovedať');
    await expect(switcher).toHaveAttribute('data-active', 'offline');
  });

  test('the map page has no serious accessibility violations', async ({ page }, testInfo) => {
    await goOffline(page);
    await page.goto('/?d=sk-uzemie/kraje');
    await waitForMapIdle(page);
    await attachScreenshot(page, testInfo, 'home-map');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
