// The served contract: /schema/0.1/* are valid JSON Schema 2020-12 and OpenAPI 3.1 documents,
// the code validates with exactly them, and every /priklady sample passes them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, describe, expect, test } from 'vitest';
import * as priklady from '@/app/priklady/[file]/route';
import * as schemaRoute from '@/app/schema/0.1/[file]/route';
import { env } from '@/lib/env';
import { EXAMPLE_NAMES } from '@/lib/protocol/examples';
import { dataJsonSchema, manifestJsonSchema, providerOpenApi } from '@/lib/protocol/schemas';

async function getSchema(file: string) {
  return schemaRoute.GET(new Request(`http://localhost/schema/0.1/${file}`), { params: Promise.resolve({ file }) });
}

async function getExample(file: string, query = '') {
  return priklady.GET(new Request(`http://localhost/priklady/${file}${query}`), { params: Promise.resolve({ file }) });
}

const tmp = mkdtempSync(path.join(tmpdir(), 'protocol-schemas-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('GET /schema/0.1/*', () => {
  for (const [file, type] of [
    ['manifest.json', 'application/schema+json'],
    ['data.json', 'application/schema+json'],
    ['provider-openapi.json', 'application/json'],
  ] as const) {
    test(`${file} is served with CORS and ${type}`, async () => {
      const res = await getSchema(file);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const doc = (await res.json()) as { $id?: string; openapi?: string };
      if (file === 'provider-openapi.json') expect(doc.openapi).toBe('3.1.0');
      else expect(doc.$id).toBe(`${env().publicBaseUrl}/schema/0.1/${file}`);
    });
  }

  test('an unknown file is 404 unknown_schema with the list available', async () => {
    const res = await getSchema('catalog.json');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'unknown_schema', available: ['manifest.json', 'data.json', 'provider-openapi.json'] });
  });

  test('the served bytes are the documents the validator compiles', async () => {
    expect(await (await getSchema('manifest.json')).json()).toEqual(manifestJsonSchema());
    expect(await (await getSchema('data.json')).json()).toEqual(dataJsonSchema());
    expect(await (await getSchema('provider-openapi.json')).json()).toEqual(providerOpenApi());
  });
});

describe('schema validity', () => {
  test('manifest.json and data.json are valid JSON Schema 2020-12 and compile in ajv strict mode', async () => {
    const ajv = new Ajv2020({ strict: true, strictTypes: true, strictTuples: true, strictRequired: true, allowUnionTypes: true });
    addFormats(ajv);
    for (const file of ['manifest.json', 'data.json']) {
      const doc = (await (await getSchema(file)).json()) as object;
      expect(ajv.validateSchema(doc), JSON.stringify(ajv.errors)).toBe(true);
      expect(() => ajv.compile(doc)).not.toThrow();
    }
  });

  test('provider-openapi.json is a valid OpenAPI 3.1 document (Redocly lint, no errors or warnings)', async () => {
    for (const file of ['manifest.json', 'data.json', 'provider-openapi.json']) {
      writeFileSync(path.join(tmp, file), JSON.stringify(await (await getSchema(file)).json()));
    }
    const cli = path.resolve('node_modules/@redocly/cli/bin/cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', 'provider-openapi.json', '--format=json'], {
      cwd: tmp,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const out = run.stdout.slice(run.stdout.indexOf('{'));
    const result = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: unknown[] };
    expect(result.totals, JSON.stringify(result.problems, null, 1)).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    expect(run.status).toBe(0);
  });

  test('the OpenAPI contract declares the data endpoint parameters', () => {
    const doc = providerOpenApi() as { paths: Record<string, { get: { parameters: Array<{ name: string }> } }> };
    const names = doc.paths['/data/{datasetId}'].get.parameters.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['bbox', 'zoom', 'limit', 'cursor', 'params']));
  });
});

describe('/priklady samples against the served schemas', () => {
  async function compiled() {
    const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    return {
      manifest: ajv.compile((await (await getSchema('manifest.json')).json()) as object),
      data: ajv.compile((await (await getSchema('data.json')).json()) as object),
    };
  }

  for (const name of EXAMPLE_NAMES) {
    test(`${name}.json validates`, async () => {
      const v = await compiled();
      const res = await getExample(`${name}.json`);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const doc = await res.json();
      const validate = name.startsWith('manifest') ? v.manifest : v.data;
      expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    });
  }

  test('with parameters and paging, data samples still validate', async () => {
    const v = await compiled();
    for (const q of ['?limit=3&rok=2018,2020&typ=priemyselna', '?limit=2&cursor=2', '?kategoria=chko&vyhlasenie=1980-01-01,1990-12-31']) {
      const file = q.includes('kategoria') ? 'data-polygons.json' : 'data-points.json';
      const doc = await (await getExample(file, q)).json();
      expect(v.data(doc), `${file}${q}`).toBe(true);
    }
  });
});
