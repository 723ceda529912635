// The server-rendered pages: dataset pages show the same numbers as /api/summary, towns and
// municipalities have their pages, the providers' page shows validator reports and registers,
// pending data is marked and kept from search engines; sitemap and robots; axe on every page kind.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { startFakeProvider, SLOVAKIA_COVERAGE, type FakeProvider } from './fake-provider';
import type { CatalogDocument } from '@/lib/providers/schema';
import type { DatasetSummary } from '@/lib/summary/schema';
import { FAKE_PROVIDER_PORT, attachScreenshot, goOffline, placeMunicipalities, seriousViolations, waitForMapIdle } from './helpers';

const FAKE_ID = 'e2e-poskytovatel';

/** A provider of our own on 127.0.0.1 with three points (pending until the registration test). */
function startPagesProvider(): Promise<FakeProvider> {
  const data = {
    type: 'FeatureCollection',
    features: [
      [17.11, 48.15, 'Bratislava'],
      [18.74, 49.22, 'Žilina'],
      [21.26, 48.72, 'Košice'],
    ].map(([lon, lat, nazov], i) => ({
      type: 'Feature',
      id: `b${i}`,
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: { nazov },
      dm: { title: `Bod ${nazov}` },
    })),
  };
  return startFakeProvider({
    port: FAKE_PROVIDER_PORT,
    id: FAKE_ID,
    name: 'Testovací poskytovateľ e2e',
    description: 'Poskytovateľ pre testy webu.',
    datasets: (url) => [
      {
        id: 'body',
        title: 'Testovacie body',
        description: 'Tri body na overenie registrácie a stránky neschválených dát.',
        category: 'other',
        keywords: ['test'],
        useCases: ['business'],
        coverage: SLOVAKIA_COVERAGE,
        source: { type: 'geojson', url: `${url}/data.json`, mode: 'full', maxFeatures: 10 },
        presentation: { type: 'circle', color: '#aa3377' },
        fields: [{ key: 'nazov', label: 'Názov' }],
      },
    ],
    bodies: { '/data.json': data },
  });
}

async function zilina(request: APIRequestContext): Promise<{ address: string; town: string; name: string }> {
  const towns = await placeMunicipalities(request, 'Žilina', 5);
  const m = towns.find((t) => t.name === 'Žilina') ?? towns[0];
  const parts = m.slug.split('/');
  return { address: m.slug, town: parts[parts.length - 1], name: m.name };
}

test.describe('dataset pages', () => {
  test('a dataset page shows the same numbers as /api/summary', async ({ page, request }, testInfo) => {
    await goOffline(page);
    const api = await request.get('/api/summary/sk-uzemie/kraje');
    expect(api.status()).toBe(200);
    const summary: DatasetSummary = await api.json();
    await page.goto('/mapa/sk-uzemie/kraje');
    await expect(page.getByTestId('dataset-page')).toBeVisible();
    await expect(page.getByTestId('summary-count')).toHaveAttribute('data-value', String(summary.count));
    for (const c of summary.categories?.items ?? []) {
      await expect(page.getByTestId(`summary-category-${c.key}`)).toHaveAttribute('data-value', String(c.count));
    }
    await expect(page.getByTestId('fields-table')).toBeVisible();
    await expect(page.getByTestId('dataset-license')).not.toBeEmpty();
    await expect(page.getByTestId('api-usage')).toContainText('/api/summary/sk-uzemie/kraje');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await expect(page).toHaveTitle(/Kraje/);
    await waitForMapIdle(page);
    await attachScreenshot(page, testInfo, 'dataset-page');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a town page of a nationwide dataset matches /api/summary for the town', async ({ page, request }, testInfo) => {
    await goOffline(page);
    const z = await zilina(request);
    const api = await request.get(`/api/summary/sk-uzemie/obce?municipality=${encodeURIComponent(z.address)}`);
    expect(api.status()).toBe(200);
    const summary: DatasetSummary = await api.json();
    await page.goto(`/mapa/sk-uzemie/obce/${z.town}`);
    await expect(page.getByTestId('dataset-town-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(z.name);
    await expect(page.getByTestId('summary-count')).toHaveAttribute('data-value', String(summary.count));
    await waitForMapIdle(page);
    await attachScreenshot(page, testInfo, 'dataset-town-page');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('unknown datasets and places are 404', async ({ request }) => {
    expect((await request.get('/mapa/neexistuje/nic')).status()).toBe(404);
    expect((await request.get('/neexistujuci-kraj/ziadna-obec')).status()).toBe(404);
    expect((await request.get('/mapy/neexistuje')).status()).toBe(404);
  });
});

test.describe('municipality pages', () => {
  test('shows the municipality, its numbers and the nationwide datasets', async ({ page, request }, testInfo) => {
    await goOffline(page);
    const z = await zilina(request);
    await page.goto(`/${z.address}`);
    await expect(page.getByTestId('municipality-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(z.name);
    await expect(page.getByTestId('municipality-population')).not.toHaveText('–');
    await expect(page.getByTestId('municipality-postal-codes')).toContainText(/\d{3}\s?\d{2}/);
    const row = page.getByTestId('municipality-dataset-sk-uzemie/obce');
    await expect(row).toBeVisible();
    const api: DatasetSummary = await (await request.get(`/api/summary/sk-uzemie/obce?municipality=${encodeURIComponent(z.address)}`)).json();
    await expect(row.locator('td.num')).toHaveAttribute('data-value', String(api.count));
    await waitForMapIdle(page);
    await attachScreenshot(page, testInfo, 'municipality-page');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('providers', () => {
  let provider: FakeProvider;
  test.beforeAll(async () => {
    provider = await startPagesProvider();
  });
  test.afterAll(async () => {
    await provider?.close();
  });

  test('the validator reports on a pasted manifest and on a live URL', async ({ page }, testInfo) => {
    await page.goto('/poskytovatelia');
    await expect(page.getByTestId('providers-page')).toBeVisible();

    await page.getByTestId('validator-input').fill('{ not json');
    await page.getByTestId('validator-submit').click();
    await expect(page.getByTestId('validator-problem')).toContainText('JSON');

    await page.getByTestId('validator-sample').click();
    await expect(page.getByTestId('validator-input')).toHaveValue(/"datasets"/);
    await page.getByTestId('validator-submit').click();
    const report = page.getByTestId('validator-report');
    await expect(report).toBeVisible();
    await expect(report.getByTestId('report-verdict')).toHaveText(/Platné/);
    await expect(report.getByTestId('report-summary')).not.toBeEmpty();

    // A manifest with an error: the report lists it with its path.
    await page.getByTestId('validator-input').fill(JSON.stringify({ protocol: '0.1', provider: { id: 'X', name: '' }, datasets: [] }));
    await page.getByTestId('validator-submit').click();
    await expect(report.getByTestId('report-verdict')).toHaveText(/Neplatné/);
    await expect(report.getByTestId('report-errors')).toContainText('schema_');

    await page.getByTestId('validator-tab-url').click();
    await page.getByTestId('validator-url').fill(provider.manifestUrl);
    await page.getByTestId('validator-submit').click();
    await expect(report.getByTestId('report-datasets')).toContainText('body');
    await attachScreenshot(page, testInfo, 'providers-page-report');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('registration: the dataset page of a pending provider warns and is noindex', async ({ page, request }, testInfo) => {
    await page.goto('/poskytovatelia');
    await page.getByTestId('registration-url').fill(provider.manifestUrl);
    await page.getByTestId('registration-submit').click();
    await expect(page.getByTestId('registration-result')).toBeVisible();
    await expect(page.getByTestId('registration-result')).toContainText('čaká na schválenie');

    await page.goto(`/mapa/${FAKE_ID}/body`);
    await expect(page.getByTestId('pending-warning')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await attachScreenshot(page, testInfo, 'pending-dataset-page');

    const cat: CatalogDocument = await (await request.get('/api/catalog')).json();
    expect(cat.datasets.map((d) => d.key)).not.toContain(`${FAKE_ID}/body`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).not.toContain(`/mapa/${FAKE_ID}/`);
  });
});

test.describe('sitemap and robots', () => {
  test('sitemap.xml lists the approved pages; robots.txt points to it', async ({ request }) => {
    const res = await request.get('/sitemap.xml');
    expect(res.status()).toBe(200);
    const xml = await res.text();
    expect(xml).toContain('/mapa/sk-uzemie/kraje</loc>');
    expect(xml).toContain('/mapy/byvanie</loc>');
    expect(xml).toMatch(/\/mapa\/sk-uzemie\/obce\/[a-z-]+<\/loc>/);
    const z = await zilina(request);
    expect(xml).toContain(`/${z.address}</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);
    expect(robots).toContain('Disallow: /api/');
  });

  test('every page has a Slovak title and description', async ({ page }) => {
    for (const path of ['/', '/mapy', '/mapy/priroda', '/poskytovatelia', '/mapa/sk-uzemie/obce', '/stav-zdrojov']) {
      await page.goto(path);
      await expect(page).toHaveTitle(/\S/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S{10,}/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sk');
    }
  });

  test('the source health page lists every approved provider with its status and no serious accessibility violations', async ({ page, request }, testInfo) => {
    // A data request first, so that the page has figures to show.
    expect((await request.get('/api/data/sk-uzemie/kraje')).status()).toBe(200);
    await page.goto('/stav-zdrojov');
    await expect(page.getByTestId('health-page')).toBeVisible();
    const catalog: CatalogDocument = await (await request.get('/api/catalog')).json();
    await expect(page.getByTestId('health-provider')).toHaveCount(catalog.providers.length);
    for (const p of catalog.providers) {
      const section = page.locator(`[data-testid="health-provider"][data-provider="${p.id}"]`);
      await expect(section.getByTestId('health-provider-row').getByTestId('health-status')).toHaveAttribute('data-status', p.status);
    }
    await expect(page.getByRole('link', { name: 'Stav zdrojov' })).toBeVisible();
    await attachScreenshot(page, testInfo, 'source-health');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the composed map page has no serious accessibility violations', async ({ page }, testInfo) => {
    await goOffline(page);
    await page.goto('/mapy/priroda');
    await expect(page.getByTestId('composed-page')).toBeVisible();
    await waitForMapIdle(page);
    await attachScreenshot(page, testInfo, 'composed-map-priroda');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
