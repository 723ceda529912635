// GET /api/catalog: the spec's catalog tables, only approved content, built-ins present offline, and a
// pending provider appearing after the operator's approval.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GET } from '@/app/api/catalog/route';
import { CATEGORY_LABELS, originalServiceUrl } from '@/lib/providers/catalog';
import type { CatalogDocument } from '@/lib/providers/types';
import { runOperator } from '@/scripts/operator';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { postRegistration, publish, removeAttempts, removeProviders, testManifest, uniqueAddress, uniqueId } from './helpers';

let server: ProviderServer;
let restoreEnv: () => void;
const created: string[] = [];
const addresses: string[] = [];

async function catalog(): Promise<CatalogDocument> {
  const res = await GET(new Request('http://localhost/api/catalog'), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  return (await res.json()) as CatalogDocument;
}

beforeAll(async () => {
  server = await startProviderServer();
  restoreEnv = allowInsecureSources(server);
});

afterAll(async () => {
  await removeProviders(...created);
  await removeAttempts(...addresses);
  restoreEnv();
  await server.close();
});

describe('the catalog document', () => {
  test('lists the built-in providers with no network access needed', async () => {
    const doc = await catalog();
    expect(doc.protocol).toBe('0.1');
    expect(new Date(doc.generated).toISOString()).toBe(doc.generated);
    const ids = doc.providers.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['sk-uzemie', 'priklady', 'zbgis', 'svp', 'sopsr', 'sgudds']));
    for (const p of doc.providers) {
      expect(Object.keys(p).sort()).toEqual(['datasetCount', 'health', 'id', 'managedBy', 'name', 'status']);
      expect(p.datasetCount).toBe(doc.datasets.filter((d) => d.providerId === p.id).length);
    }
    // The reference data is served in-process, so it is never unavailable; it may read `degraded` here
    // when other suites on the shared test database recorded a failed or slow request against it
    // (deliberate faults, a loaded machine), and then its health says why.
    const uzemie = doc.providers.find((p) => p.id === 'sk-uzemie')!;
    expect(uzemie.managedBy).toBe('portal');
    expect(['ok', 'degraded']).toContain(uzemie.status);
    if (uzemie.status === 'degraded') {
      expect(uzemie.health.lastError !== null || (uzemie.health.last24h.p50Ms ?? 0) > 0, JSON.stringify(uzemie.health)).toBe(true);
    }
    expect(doc.datasets.filter((d) => d.providerId === 'priklady').every((d) => d.category === 'sample')).toBe(true);
  });

  test('dataset entries carry the spec fields and never a source URL', async () => {
    const doc = await catalog();
    for (const d of doc.datasets) {
      expect(d.key).toBe(`${d.providerId}/${d.id ?? d.key.split('/')[1]}`);
      expect(typeof d.providerName).toBe('string');
      expect(typeof d.title).toBe('string');
      expect(d.categoryLabel).toBe(CATEGORY_LABELS[d.category as keyof typeof CATEGORY_LABELS]);
      expect(Array.isArray(d.keywords)).toBe(true);
      expect(Array.isArray(d.useCases)).toBe(true);
      expect(d.source).not.toHaveProperty('url');
      expect(typeof d.presentation.type).toBe('string');
      expect(d.attribution.length).toBeGreaterThan(0);
      expect(d.links.map).toBe(`/mapa/${d.key}`);
      if (d.source.type === 'raster') {
        expect(Array.isArray(d.source.tiles)).toBe(true);
        expect(d.links.data).toBeNull();
      } else if (!d.displayOnly) {
        expect(d.links.data).toBe(`/api/data/${d.key}`);
      }
    }
    // A GeoJSON dataset of the reference provider is read through the portal.
    const geojson = doc.datasets.find((d) => d.providerId === 'sk-uzemie' && d.source.type === 'geojson');
    expect(geojson?.links.data).toBe(`/api/data/${geojson?.key}`);
  });

  test('display-only datasets have no data link and point to the original service', async () => {
    const doc = await catalog();
    const cadastre = doc.datasets.find((d) => d.key === 'zbgis/katastralna-mapa')!;
    expect(cadastre).toMatchObject({
      displayOnly: true,
      category: 'territory',
      categoryLabel: 'Územie a správa',
      links: {
        data: null,
        map: '/mapa/zbgis/katastralna-mapa',
        source: 'https://kataster.skgeodesy.sk/eskn/services/NR/kn_wms_orto/MapServer/WmsServer',
      },
      presentation: { type: 'raster', opacity: 0.9 },
    });
    expect(cadastre.source).toMatchObject({ type: 'raster', tiles: [expect.stringContaining('{bbox-epsg-3857}')] });
    // The dataset licence overrides the provider's.
    expect(cadastre.attribution).toBe('© ÚGKK SR – katastrálna mapa (ESKN)');
    expect(doc.datasets.find((d) => d.key === 'zbgis/zakladna-mapa')?.attribution).toBe('© GKÚ Bratislava, ÚGKK SR – ZBGIS');
    expect(doc.datasets.find((d) => d.key === 'zbgis/zakladna-mapa')?.links).not.toHaveProperty('source');
  });

  test('the original service of a raster template drops the query and the tile path', () => {
    expect(originalServiceUrl({ type: 'raster', tiles: ['https://a.example/arcgis/rest/services/X/MapServer/export?bbox={bbox-epsg-3857}&f=image'] })).toBe(
      'https://a.example/arcgis/rest/services/X/MapServer',
    );
    expect(originalServiceUrl({ type: 'raster', tiles: ['https://a.example/rest/services/X/MapServer/tile/{z}/{y}/{x}'] })).toBe(
      'https://a.example/rest/services/X/MapServer',
    );
    expect(originalServiceUrl({ type: 'geojson', url: 'https://a.example/data.json' })).toBe('https://a.example/data.json');
  });
});

describe('approval gates the catalog', () => {
  test('a pending provider is absent and appears after the operator approves it', async () => {
    const id = uniqueId('cat');
    created.push(id);
    const a = uniqueAddress();
    addresses.push(a);
    const r = await postRegistration({ manifestUrl: publish(server, testManifest(id, { title: 'Body v katalógu' })) }, a);
    expect(r.status).toBe(201);
    let doc = await catalog();
    expect(doc.providers.map((p) => p.id)).not.toContain(id);
    expect(doc.datasets.map((d) => d.providerId)).not.toContain(id);

    const out: string[] = [];
    const code = await runOperator(['approve', id], { out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code).toBe(0);
    expect(out.join('\n')).toContain(`Approved ${id}`);

    doc = await catalog();
    expect(doc.providers.find((p) => p.id === id)).toEqual({
      id,
      name: `Testovací poskytovateľ ${id}`,
      status: 'ok',
      datasetCount: 1,
      managedBy: 'provider',
      health: expect.objectContaining({ status: 'ok' }),
    });
    const entry = doc.datasets.find((d) => d.key === `${id}/body`)!;
    expect(entry).toMatchObject({
      providerId: id,
      providerName: `Testovací poskytovateľ ${id}`,
      title: 'Body v katalógu',
      description: 'Body na skúšku registrácie.',
      category: 'society',
      categoryLabel: 'Obyvateľstvo a spoločnosť',
      keywords: ['test', 'body'],
      useCases: ['housing'],
      coverage: { bbox: [16.8, 47.7, 22.6, 49.6], area: 'Slovensko' },
      fields: [{ key: 'name', label: 'Názov' }, { key: 'value', label: 'Hodnota', type: 'number' }],
      source: { type: 'geojson' },
      presentation: { type: 'circle', color: '#c0392b' },
      attribution: `© ${id}`,
      license: { name: 'CC BY 4.0' },
      links: { data: `/api/data/${id}/body`, map: `/mapa/${id}/body` },
    });
    expect(entry.source).toEqual({ type: 'geojson' });
    expect(entry).not.toHaveProperty('displayOnly');

    // A self-registered provider cannot make itself display-only or portal-managed.
    expect(entry.links).not.toHaveProperty('source');
  });
});
