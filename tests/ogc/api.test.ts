// /ogc/api lints clean with @redocly/cli, every answer matches the zod schema it is documented with,
// and /ogc/conformance declares exactly the classes this suite and the others exercise.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { CONFORMANCE_CLASSES } from '@/lib/ogc/documents';
import * as schemas from '@/lib/ogc/schemas';
import { serveOgcFixture } from './fixtures';

const run = promisify(execFile);
const srv = serveOgcFixture();

async function get(pathAndQuery: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${srv.app.url}${pathAndQuery}`, { headers });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe('/ogc/api', () => {
  test('is OpenAPI 3.0 and passes @redocly/cli lint (recommended rules, offline)', async () => {
    const { res, body } = await get('/ogc/api');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.oai.openapi+json;version=3.0');
    expect(body.openapi).toBe('3.0.3');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ogc-api-lint-'));
    try {
      const file = path.join(dir, 'ogc-api.json');
      writeFileSync(file, JSON.stringify(body, null, 2));
      const cli = path.join(process.cwd(), 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
      const config = path.join(process.cwd(), 'tests', 'ogc', 'redocly.yaml');
      const { stdout } = await run(process.execPath, [cli, 'lint', file, '--config', config, '--format', 'json'], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
        maxBuffer: 32 * 1024 * 1024,
      }).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
      const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('documents the limits, and each collection with parameters under its own items path', async () => {
    const { body } = await get('/ogc/api');
    const doc = body as { paths: Record<string, { get: { parameters: Array<{ name?: string; $ref?: string; schema?: Record<string, unknown> }> } }>; components: { parameters: Record<string, { schema: Record<string, unknown> }> } };
    expect(doc.components.parameters.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 5000, default: 100 });
    const areas = doc.paths[`/collections/${srv.fx.ids.areas}/items`].get.parameters;
    expect(areas.some((p) => p.$ref === '#/components/parameters/datetime')).toBe(true);
    // Dataset parameters are `param.<key>`: GDAL takes every plain query parameter a property names for an attribute filter.
    expect(areas.find((p) => p.name === 'param.rok')?.schema).toMatchObject({ type: 'string', default: '2000,2024' });
    expect(areas.some((p) => p.name === 'rok')).toBe(false);
    const viewport = doc.paths[`/collections/${srv.fx.ids.viewport}/items`].get.parameters;
    expect(viewport.find((p) => p.name === 'param.druh')?.schema).toMatchObject({ enum: ['vsetky', 'x', 'y'], default: 'vsetky' });
    expect(viewport.some((p) => p.$ref === '#/components/parameters/datetime')).toBe(false);
    // Every collection has its path, with the filter parameters (filter-lang names cql-text, which GDAL 3.6 looks for).
    const big = doc.paths[`/collections/${srv.fx.ids.big}/items`].get.parameters;
    for (const name of ['filter', 'filter-lang', 'filter-crs', 'crs', 'bbox-crs', 'sortby', 'properties']) expect(big.some((p) => p.$ref === `#/components/parameters/${name}`)).toBe(true);
    expect(doc.components.parameters['filter-lang'].schema).toMatchObject({ enum: ['cql2-text', 'cql2-json', 'cql-text'] });
    expect(doc.components.parameters.crs.schema).toMatchObject({ enum: expect.arrayContaining(['http://www.opengis.net/def/crs/EPSG/0/5514']) });
    expect(Object.keys(doc.paths).some((p) => p.includes(srv.fx.ids.hidden) || p.includes(srv.fx.ids.pending))).toBe(false);
  });
});

describe('answers match their documented schemas', () => {
  const cases: Array<{ name: string; path: () => string; schema: z.ZodType; type: string }> = [
    { name: 'landing page', path: () => '/ogc', schema: schemas.landingSchema, type: 'application/json' },
    { name: 'conformance', path: () => '/ogc/conformance', schema: schemas.conformanceSchema, type: 'application/json' },
    { name: 'collections', path: () => '/ogc/collections', schema: schemas.collectionsSchema, type: 'application/json' },
    { name: 'collection', path: () => `/ogc/collections/${srv.fx.ids.areas}`, schema: schemas.collectionSchema, type: 'application/json' },
    { name: 'items', path: () => `/ogc/collections/${srv.fx.ids.places}/items?limit=5`, schema: schemas.featureCollectionSchema, type: 'application/geo+json' },
    { name: 'items of a bbox dataset', path: () => `/ogc/collections/${srv.fx.ids.viewport}/items?limit=5&bbox=17.1,48.15,17.3,48.25`, schema: schemas.featureCollectionSchema, type: 'application/geo+json' },
    { name: 'one item', path: () => `/ogc/collections/${srv.fx.ids.places}/items/5`, schema: schemas.featureSchema, type: 'application/geo+json' },
    { name: 'tilesets', path: () => `/ogc/collections/${srv.fx.ids.big}/tiles`, schema: schemas.tilesetsSchema, type: 'application/json' },
    { name: 'tileset', path: () => `/ogc/collections/${srv.fx.ids.viewport}/tiles/WebMercatorQuad`, schema: schemas.tilesetSchema, type: 'application/json' },
    { name: 'an error', path: () => '/ogc/collections/nikto.nic', schema: schemas.exceptionSchema, type: 'application/json' },
  ];
  for (const c of cases) {
    test(c.name, async () => {
      const { res, body } = await get(c.path());
      expect(res.headers.get('content-type')).toBe(c.type);
      const parsed = c.schema.safeParse(body);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    });
  }
});

describe('conformance', () => {
  // Each declared class and where it is exercised:
  const exercised: Record<string, string> = {
    'ogcapi-features-1/1.0/conf/core': 'GDAL OAPIF (gdal.test.ts), items.test.ts',
    'ogcapi-features-1/1.0/conf/geojson': 'GeoJSON bodies and media types (this file, gdal.test.ts)',
    'ogcapi-features-1/1.0/conf/html': 'pages.test.ts and e2e/ogc.spec.ts',
    'ogcapi-features-1/1.0/conf/oas30': '/ogc/api lint (this file)',
    'ogcapi-features-2/1.0/conf/crs': 'crs.test.ts (crs, bbox-crs, Content-Crs against gdaltransform), gdal.test.ts (FlatGeobuf in S-JTSK)',
    'ogcapi-features-3/1.0/conf/queryables': 'filter.test.ts (queryables), owslib.test.ts (collection_queryables)',
    'ogcapi-features-3/1.0/conf/queryables-query-parameters': 'filter.test.ts (name=value), gdal.test.ts (-where)',
    'ogcapi-features-3/1.0/conf/filter': 'filter.test.ts, owslib.test.ts, gdal.test.ts (cql-text)',
    'ogcapi-features-3/1.0/conf/features-filter': 'filter.test.ts (filter on items), qgis.test.ts',
    'cql2/1.0/conf/cql2-text': 'filter.test.ts, cql2.test.ts',
    'cql2/1.0/conf/cql2-json': 'filter.test.ts, cql2.test.ts',
    'cql2/1.0/conf/basic-cql2': 'cql2.test.ts',
    'cql2/1.0/conf/advanced-comparison-operators': 'cql2.test.ts (LIKE, BETWEEN, IN)',
    'cql2/1.0/conf/case-insensitive-comparison': 'cql2.test.ts (CASEI)',
    'cql2/1.0/conf/accent-insensitive-comparison': 'cql2.test.ts (ACCENTI)',
    'cql2/1.0/conf/basic-spatial-functions': 'cql2.test.ts, filter.test.ts (S_INTERSECTS with points and boxes)',
    'cql2/1.0/conf/basic-spatial-functions-plus': 'cql2.test.ts, filter.test.ts (S_INTERSECTS with polygons and lines)',
    'cql2/1.0/conf/property-property': 'cql2.test.ts',
    'ogcapi-tiles-1/1.0/conf/core': 'tiles.test.ts, GDAL MVT (gdal.test.ts)',
    'ogcapi-tiles-1/1.0/conf/tileset': 'tiles.test.ts',
    'ogcapi-tiles-1/1.0/conf/tilesets-list': 'tiles.test.ts',
    'ogcapi-tiles-1/1.0/conf/geodata-tilesets': 'tiles.test.ts',
    'ogcapi-tiles-1/1.0/conf/mvt': 'GDAL MVT (gdal.test.ts)',
    'ogcapi-tiles-1/1.0/conf/oas30': '/ogc/api lint (this file)',
  };

  test('declares exactly the exercised classes', async () => {
    const { body } = await get('/ogc/conformance');
    const declared = (body.conformsTo as string[]).map((c) => c.replace('http://www.opengis.net/spec/', ''));
    expect(declared.sort()).toEqual(Object.keys(exercised).sort());
    expect(body.conformsTo).toEqual([...CONFORMANCE_CLASSES]);
  });
});
