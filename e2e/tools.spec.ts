// The map's tools as a person uses them (issue 28), desktop and phone: S-JTSK coordinates in "Čo je
// tu?" against GDAL, coordinate search in four notations, measuring, sharing with the embedded map
// in an iframe on another origin, printing to PDF and PNG, own GPX/KML files, "Moja poloha" granted
// and refused, and the keyboard's Enter on the map.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import geographiclib from 'geographiclib-geodesic';
import { pngText } from '../lib/map/print';
import { gdalReference } from '../tests/helpers/gdal';
import { FAKE_PROVIDER_PORT, attachScreenshot, goOffline, waitForMapIdle } from './helpers';

const LAYER = 'sk-uzemie/kraje';
/** Banská Bystrica, Žilina, Košice. */
const POINTS: Array<[number, number]> = [
  [19.1462, 48.7363],
  [18.7394, 49.2231],
  [21.2581, 48.7208],
];
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'sk-SK' } as const;

function parsePoint(url: string): [number, number] {
  const bod = new URL(url).searchParams.get('bod')!;
  const [lon, lat] = bod.split(',').map(Number);
  return [lon, lat];
}

function metres(a: [number, number], b: [number, number]): number {
  return geographiclib.Geodesic.WGS84.Inverse(a[1], a[0], b[1], b[0]).s12!;
}

/** "12,35 km" / "850 m" -> metres. */
function readLength(text: string): number {
  const m = /([\d\s ,]+)\s*(km|m)\b/.exec(text)!;
  const n = Number(m[1].replace(/[\s ]/g, '').replace(',', '.'));
  return m[2] === 'km' ? n * 1000 : n;
}

async function mapLonLat(page: Page, x: number, y: number): Promise<[number, number]> {
  return page.evaluate(([px, py]) => {
    const map = window.__geoportalMap!;
    const r = map.getCanvas().getBoundingClientRect();
    const ll = map.unproject([px - r.left, py - r.top]);
    return [ll.lng, ll.lat] as [number, number];
  }, [x, y]);
}

/**
 * Measures a line between two points of the map (fractions of its box) by click or tap; returns the
 * panel's figure and the geodesic distance of the two points as MapLibre places them.
 */
async function measureLine(page: Page, from: [number, number], to: [number, number], touch: boolean): Promise<{ measured: number; geodesic: number }> {
  const panel = page.getByRole('region', { name: 'Merať' });
  await expect(panel).toBeVisible();
  const box = (await page.getByTestId('map-canvas').boundingBox())!;
  const [a, b] = [from, to].map(([fx, fy]) => [box.x + box.width * fx, box.y + box.height * fy] as [number, number]);
  const pa = await mapLonLat(page, ...a);
  const pb = await mapLonLat(page, ...b);
  for (const p of [a, b]) await (touch ? page.touchscreen.tap(...p) : page.mouse.click(...p));
  const total = panel.getByTestId('measure-total');
  await expect(total).toHaveText(/m$/);
  return { measured: readLength((await total.textContent())!), geodesic: metres(pa, pb) };
}

test.describe('map tools', () => {
  test('Čo je tu? gives S-JTSK within 1 m of GDAL (EPSG:4836) for three points, with copy buttons', async ({ page, context }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await goOffline(page);
    const reference = gdalReference(POINTS);
    for (const [i, [lon, lat]] of POINTS.entries()) {
      await page.goto(`/?bod=${lon},${lat}#14/${lat}/${lon}`);
      const panel = page.getByRole('region', { name: /^Čo je tu/ });
      await expect(panel).toBeVisible();
      const sjtsk = panel.getByTestId('coordinates-sjtsk-text');
      await expect(sjtsk).toHaveText(/^-\d+\.\d\d, -\d+\.\d\d$/);
      const [e, n] = (await sjtsk.textContent())!.split(', ').map(Number);
      const [ge, gn] = reference[i];
      expect(Math.hypot(e - ge, n - gn), `S-JTSK of ${lon},${lat} against gdaltransform`).toBeLessThan(1);
      const [y, x] = (await panel.getByTestId('coordinates-cadastre-text').textContent())!.split(', ').map(Number);
      expect([y, x]).toEqual([-e, -n]);
      await expect(panel.getByTestId('coordinates-dms-text')).toHaveText(/^\d+°\d\d′\d\d\.\d\d″ N, \d+°\d\d′\d\d\.\d\d″ E$/);
      await expect(panel).toContainText('EPSG:4836');
    }
    await page.getByRole('button', { name: /Kopírovať S-JTSK, EPSG:5514/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId('coordinates-sjtsk-text').textContent());
    await attachScreenshot(page, testInfo, 'what-here-coordinates');
  });

  test('the place search takes coordinates in four notations and opens Čo je tu? there', async ({ page }) => {
    await goOffline(page);
    const bb = POINTS[0];
    const [[e, n]] = gdalReference([bb]);
    const cases: Array<[string, number]> = [
      ['48.7363, 19.1462', 1],
      ['19.1462 48.7363', 1],
      [`48°44'10.7"N 19°08'46.3"E`, 5],
      [`${e.toFixed(2)}, ${n.toFixed(2)}`, 1],
      [`${(-e).toFixed(2)} ${(-n).toFixed(2)}`, 1],
    ];
    for (const [query, within] of cases) {
      await page.goto('/');
      const box = page.getByRole('combobox', { name: 'Hľadať miesto' });
      await box.fill(query);
      const option = page.getByRole('option').first();
      await expect(option).toContainText('súradnice');
      await box.press('Enter');
      await expect(page.getByRole('region', { name: /^Čo je tu/ })).toBeVisible();
      await expect(page).toHaveURL(/bod=/);
      expect(metres(parsePoint(page.url()), bb), query).toBeLessThan(within);
    }
  });

  test('Merať: a 2-point line within 0.5 % of the geodesic distance; an area; removable', async ({ page }, testInfo) => {
    await goOffline(page);
    await page.goto('/#9/48.8/19.3');
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Merať' }).click();
    const panel = page.getByRole('region', { name: 'Merať' });
    const { measured, geodesic } = await measureLine(page, [0.3, 0.6], [0.55, 0.4], false);
    const total = panel.getByTestId('measure-total');
    expect(Math.abs(measured - geodesic) / geodesic, `${measured} m measured, ${geodesic} m geodesic`).toBeLessThan(0.005);
    // Measuring takes the clicks: no "Čo je tu?".
    await expect(page.getByTestId('what-here')).toHaveCount(0);
    await attachScreenshot(page, testInfo, 'measure-line');

    await panel.getByLabel('Plocha').check();
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.7);
    await expect(total).toHaveText(/(ha|km²)$/);
    await panel.getByTestId('measure-clear').click();
    await expect(total).toHaveText('–');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });

  test('Zdieľať: link, QR code and an embed code whose map loads in an iframe on another origin', async ({ page, baseURL }, testInfo) => {
    await goOffline(page);
    await page.goto(`/?d=${LAYER}#8/48.7/19.5`);
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Zdieľať' }).click();
    const panel = page.getByRole('region', { name: 'Zdieľať' });
    await expect(panel.getByTestId('share-link')).toHaveValue(page.url());
    await expect(panel.getByTestId('share-qr')).toBeVisible();
    await panel.getByTestId('share-embed-search').check();
    const code = await panel.getByTestId('share-embed-code').inputValue();
    const src = /src="([^"]+)"/.exec(code)![1].replace(/&amp;/g, '&');
    expect(src).toContain('/vlozena-mapa?');
    expect(src).toContain(`d=${LAYER}#8/48.7/19.5`.replace('#', '&hladanie=1#'));
    await attachScreenshot(page, testInfo, 'share');

    // A municipality's site on another origin (127.0.0.1 vs localhost) with the code pasted in.
    const server = http.createServer((_, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="sk"><head><title>Obec</title></head><body><h1>Naša obec</h1>${code}</body></html>`);
    });
    await new Promise<void>((r) => server.listen(FAKE_PROVIDER_PORT, '127.0.0.1', r));
    try {
      await page.goto(`http://127.0.0.1:${FAKE_PROVIDER_PORT}/`);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByTestId('map-app')).toBeVisible();
      await expect(frame.getByTestId('catalog-panel')).toHaveCount(0);
      await expect(frame.getByTestId('legend')).toContainText('Kraje');
      await expect(frame.getByTestId('attribution')).toBeVisible();
      await expect(frame.getByRole('combobox', { name: 'Hľadať miesto' })).toBeVisible();
      await expect(frame.getByTestId('bare-portal-link')).toHaveAttribute('href', new RegExp(`^${baseURL}/\\?d=${LAYER.replace('/', '\\/')}`));
      // The embedded map shows its picture until used: a mouse over it starts the live map.
      await frame.locator('[data-testid="map-facade"][role="button"]').hover();
      await expect.poll(() => page.frames().find((f) => f.url().includes('/vlozena-mapa'))?.evaluate(() => !!window.__geoportalMap)).toBe(true);
      await attachScreenshot(page, testInfo, 'embedded-map');
    } finally {
      server.close();
    }
  });

  test('Tlačiť: the PDF and the PNG open and hold the legend and attribution text', async ({ page }, testInfo) => {
    await goOffline(page);
    await page.goto(`/?d=${LAYER}#8/48.7/19.5`);
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Tlačiť' }).click();
    const panel = page.getByRole('region', { name: 'Tlačiť' });
    await panel.getByTestId('print-title').fill('Kraje Slovenska – skúška tlače');
    await panel.getByTestId('print-size').selectOption('A3');
    const attribution = (await page.getByTestId('attribution').textContent())!;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'print-'));

    const [pdf] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('print-pdf').click()]);
    const pdfPath = path.join(dir, 'mapa.pdf');
    await pdf.saveAs(pdfPath);
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Kraje Slovenska – skúška tlače');
    expect(text).toContain('Legenda');
    expect(text).toContain('Kraje');
    expect(text).toContain('Zdroje:');
    for (const part of attribution.split(' · ')) expect(text.replace(/ /g, '')).toContain(part.replace(/\s/g, ''));
    expect(text).toMatch(/mierka 1 : [\d ]+/);
    const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
    expect(info).toMatch(/Page size:\s+841\.\d+ x 1190\.\d+|Page size:\s+1190\.\d+ x 841\.\d+/);

    const [png] = await Promise.all([page.waitForEvent('download'), panel.getByTestId('print-png').click()]);
    const pngPath = path.join(dir, 'mapa.png');
    await png.saveAs(pngPath);
    const bytes = new Uint8Array(readFileSync(pngPath));
    const chunks = pngText(bytes);
    expect(chunks.Title).toBe('Kraje Slovenska – skúška tlače');
    expect(chunks.Description).toContain('Kraje');
    expect(chunks.Copyright).toBe(attribution);
    const size = await page.evaluate(async (b64) => {
      const bmp = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      return [bmp.width, bmp.height];
    }, Buffer.from(bytes).toString('base64'));
    expect(Math.max(...size)).toBeGreaterThan(2000);
    await testInfo.attach('print.png', { path: pngPath, contentType: 'image/png' });
  });

  test('Vlastný súbor: a GPX and a KML drawn, listed and in the legend; Čo je tu? on top; a broken file gets a Slovak message', async ({ page }, testInfo) => {
    await goOffline(page);
    await page.goto('/#8/48.7/19.5');
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Vlastný súbor' }).click();
    const panel = page.getByRole('region', { name: 'Vlastný súbor' });
    await expect(panel).toContainText('Súbor sa nikam neodosiela');
    const gpx = `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Výlet na Kráľovu hoľu</name><trkseg><trkpt lat="48.88" lon="20.14"/><trkpt lat="48.89" lon="20.16"/><trkpt lat="48.90" lon="20.18"/></trkseg></trk></gpx>`;
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Studnička pod Ďumbierom</name><description>prameň</description><Point><coordinates>19.6363,48.9402,0</coordinates></Point></Placemark></Document></kml>`;
    const uploads: string[] = [];
    page.on('request', (r) => ['POST', 'PUT'].includes(r.method()) && uploads.push(r.url()));
    await panel.getByTestId('files-input').setInputFiles([
      { name: 'vylet.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) },
      { name: 'studnicka.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(kml) },
    ]);
    const items = panel.getByTestId('files-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('vylet.gpx');
    await expect(items.nth(1)).toContainText('studnicka.kml');
    await expect(page.getByTestId('legend-own')).toHaveCount(2);
    await expect(page.getByTestId('legend')).toContainText('Vlastný súbor: studnicka.kml');
    expect(uploads, 'nothing sent to the server').toEqual([]);
    // Zoomed to the last file: the KML's point is in the middle of the map. The files' layer (and its
    // zoom) comes in its own chunk after the list and the legend, so the map may still be where it was.
    await expect
      .poll(async () => {
        await waitForMapIdle(page);
        const centre = await page.evaluate(() => window.__geoportalMap!.getCenter());
        return metres([centre.lng, centre.lat], [19.6363, 48.9402]);
      })
      .toBeLessThan(50);
    await attachScreenshot(page, testInfo, 'own-files');

    await page.keyboard.press('Escape');
    const box = (await page.getByTestId('map-canvas').boundingBox())!;
    const pt = await page.evaluate(() => {
      const map = window.__geoportalMap!;
      return map.project([19.6363, 48.9402]);
    });
    await page.mouse.click(box.x + pt.x, box.y + pt.y);
    const own = page.getByTestId('what-here-own');
    await expect(own).toContainText('Studnička pod Ďumbierom');
    await expect(own).toContainText('studnicka.kml');

    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Vlastný súbor' }).click();
    await panel.getByTestId('files-input').setInputFiles([{ name: 'pokazeny.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from('<kml><Document><Placemark>') }]);
    await expect(panel.getByTestId('files-error')).toContainText('Súbor „pokazeny.kml“ sa nedá prečítať');
    await expect(items).toHaveCount(2);
  });

  test('Moja poloha: granted shows the point with its accuracy circle', async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['geolocation'], geolocation: { latitude: 48.1486, longitude: 17.1077, accuracy: 35 }, locale: 'sk-SK' });
    const page = await context.newPage();
    await goOffline(page);
    await page.goto('/');
    await waitForMapIdle(page);
    await page.getByRole('button', { name: 'Moja poloha' }).click();
    const dot = page.getByTestId('my-location');
    await expect(dot).toBeVisible();
    await expect(dot).toHaveAttribute('data-accuracy', '35');
    await waitForMapIdle(page);
    const c = await page.evaluate(() => window.__geoportalMap!.getCenter());
    expect(metres([c.lng, c.lat], [17.1077, 48.1486])).toBeLessThan(20);
    expect(await page.evaluate(() => !!window.__geoportalMap!.getLayer('my-location-accuracy'))).toBe(true);
    await context.close();
  });

  test('Moja poloha: a refused permission is explained in Slovak', async ({ browser }) => {
    const context = await browser.newContext({ permissions: [], locale: 'sk-SK' });
    const page = await context.newPage();
    await goOffline(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Moja poloha' }).click();
    await expect(page.getByTestId('location-error')).toContainText('Prístup k polohe ste zamietli');
    await expect(page.getByTestId('my-location')).toHaveCount(0);
    await context.close();
  });

  test('keyboard: the skip link focuses the map, a crosshair shows, Enter asks Čo je tu? for the centre', async ({ page }) => {
    await goOffline(page);
    await page.goto('/#12/48.7363/19.1462');
    await waitForMapIdle(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Preskočiť na hľadanie miesta' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Preskočiť na mapu' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="map-canvas"] canvas')).toBeFocused();
    await expect(page.locator('.map-crosshair')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: /^Čo je tu/ })).toBeVisible();
    expect(metres(parsePoint(page.url()), [19.1462, 48.7363])).toBeLessThan(20);
  });

  test('phone 390×844: the tools in one menu, measuring by touch, sharing, own file and location', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ ...PHONE, permissions: ['geolocation'], geolocation: { latitude: 48.7363, longitude: 19.1462, accuracy: 20 } });
    const page = await context.newPage();
    await goOffline(page);
    await page.goto('/#9/48.8/19.3');
    await waitForMapIdle(page);
    const menu = page.getByRole('button', { name: 'Nástroje' });
    await expect(page.getByRole('button', { name: 'Merať' })).toBeHidden();
    await menu.tap();
    await attachScreenshot(page, testInfo, 'phone-tools-menu');
    await page.getByRole('button', { name: 'Merať' }).tap();
    const panel = page.getByRole('region', { name: 'Merať' });
    // Below the search box, the basemap note and the first screen's intro, above the bottom sheet.
    const { measured, geodesic } = await measureLine(page, [0.2, 0.42], [0.8, 0.62], true);
    expect(Math.abs(measured - geodesic) / geodesic).toBeLessThan(0.005);
    await attachScreenshot(page, testInfo, 'phone-measure');
    await panel.getByRole('button', { name: /^Zavrieť/ }).tap();

    await menu.tap();
    await page.getByRole('button', { name: 'Zdieľať' }).tap();
    await expect(page.getByRole('region', { name: 'Zdieľať' }).getByTestId('share-qr')).toBeVisible();
    await page.getByRole('region', { name: 'Zdieľať' }).getByRole('button', { name: /^Zavrieť/ }).tap();

    await menu.tap();
    await page.getByRole('button', { name: 'Vlastný súbor' }).tap();
    const geojson = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: 'Parcela' }, geometry: { type: 'Polygon', coordinates: [[[19.14, 48.73], [19.15, 48.73], [19.15, 48.74], [19.14, 48.73]]] } }] });
    await page.getByTestId('files-input').setInputFiles([{ name: 'parcela.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(geojson) }]);
    await expect(page.getByTestId('files-item')).toContainText('parcela.geojson');
    await page.getByRole('region', { name: 'Vlastný súbor' }).getByRole('button', { name: /^Zavrieť/ }).tap();

    await menu.tap();
    await page.getByRole('button', { name: 'Moja poloha' }).tap();
    await expect(page.getByTestId('my-location')).toBeVisible();
    await attachScreenshot(page, testInfo, 'phone-location');
    await context.close();
  });
});

// The KMZ path of the reader, through the same picker (a zipped KML).
test('Vlastný súbor: a KMZ (zipped KML) is read too', async ({ page }) => {
  const { zipSync, strToU8 } = await import('fflate');
  await goOffline(page);
  await page.goto('/#8/48.7/19.5');
  await page.getByRole('button', { name: 'Vlastný súbor' }).click();
  const kml = '<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Bod</name><Point><coordinates>18.1,48.3</coordinates></Point></Placemark></kml>';
  const kmz = Buffer.from(zipSync({ 'doc.kml': strToU8(kml) }));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kmz-'));
  writeFileSync(path.join(dir, 'bod.kmz'), kmz);
  await page.getByTestId('files-input').setInputFiles(path.join(dir, 'bod.kmz'));
  await expect(page.getByTestId('files-item')).toContainText('bod.kmz');
  await expect(page.getByTestId('files-item')).toContainText('KMZ, 1 objekt');
});
