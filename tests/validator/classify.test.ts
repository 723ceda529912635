// The body forms of POST /api/validate (spec: POST /api/validate) and what is not one of them.
import { describe, expect, test } from 'vitest';
import { isApiError } from '@/lib/errors';
import { EXAMPLES } from '@/lib/protocol/examples';
import { classifyValidateBody } from '@/lib/validator';

const manifest = EXAMPLES['manifest-minimal'] as Record<string, unknown>;
const data = EXAMPLES['data-points'] as Record<string, unknown>;
const dataset = (EXAMPLES['manifest-complete'] as { datasets: unknown[] }).datasets[0];

describe('classifyValidateBody', () => {
  const forms: Array<{ name: string; body: unknown; expected: unknown }> = [
    { name: 'a manifest', body: manifest, expected: { kind: 'manifest', manifest } },
    { name: '{ manifest }', body: { manifest }, expected: { kind: 'manifest', manifest } },
    { name: 'a manifest missing datasets is still a manifest', body: { protocol: '0.1', provider: { id: 'a', name: 'A' } }, expected: { kind: 'manifest' } },
    { name: 'a FeatureCollection', body: data, expected: { kind: 'data', data } },
    { name: 'a collection without type', body: { features: [] }, expected: { kind: 'data' } },
    { name: '{ data }', body: { data }, expected: { kind: 'data', data } },
    { name: '{ data, dataset }', body: { data, dataset }, expected: { kind: 'data', data, dataset } },
    { name: '{ data, dataset: null }', body: { data, dataset: null }, expected: { kind: 'data', data } },
    { name: '{ manifestUrl }', body: { manifestUrl: ' https://data.example.sk/manifest.json ' }, expected: { kind: 'live', manifestUrl: 'https://data.example.sk/manifest.json' } },
  ];
  for (const { name, body, expected } of forms) {
    test(name, () => {
      expect(classifyValidateBody(body)).toMatchObject(expected as object);
    });
  }

  const invalid: Array<[string, unknown]> = [
    ['an array', [manifest]],
    ['a number', 42],
    ['a string', 'manifest'],
    ['null', null],
    ['an empty object', {}],
    ['an unrelated object', { hello: 'world' }],
    ['a Feature', { type: 'Feature', geometry: null, properties: {} }],
    ['a non-string manifestUrl', { manifestUrl: 5 }],
    ['an empty manifestUrl', { manifestUrl: '' }],
    ['a dataset that is not an object', { data, dataset: 'kvalita-ovzdusia' }],
  ];
  for (const [name, body] of invalid) {
    test(`${name} is invalid_input`, () => {
      let caught: unknown;
      try {
        classifyValidateBody(body);
      } catch (e) {
        caught = e;
      }
      expect(isApiError(caught)).toBe(true);
      expect((caught as { code: string; status: number }).code).toBe('invalid_input');
      expect((caught as { status: number }).status).toBe(400);
    });
  }
});
