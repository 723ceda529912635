// lib/operation: query strings coerced to the input's types, each field's error code, and members
// named like Object.prototype properties treated as the unknown members they are.
import { describe, expect, test } from 'vitest';
import { nearbyOperation } from '@/lib/nearby/operation';
import { parseWith } from '@/lib/operation/define';
import { bbox } from '@/lib/operation/fields';
import { queryInput } from '@/lib/operation/query';
import { placesOperation } from '@/lib/places/operation';
import { registrationOperation } from '@/lib/providers/operation';
import { summaryOperation } from '@/lib/summary/operation';
import { liveTestOperation } from '@/lib/validator/operation';

const nearbyQuery = (q: Record<string, string>) => nearbyOperation.parse(queryInput(nearbyOperation.input, nearbyOperation.rest!, q));

describe('query strings', () => {
  test('numbers, comma-separated tuples and lists, dotted dataset parameters', () => {
    expect(nearbyQuery({ point: '17.1, 48.1', datasets: 'a/b,,c/d', radius: '250', max: '3', 'a/b.rok': '2021' })).toEqual({
      point: [17.1, 48.1],
      place: undefined,
      selection: { datasets: ['a/b', 'c/d'] },
      radius: 250,
      max: 3,
      params: { 'a/b': { rok: '2021' } },
    });
  });

  test('an empty member is absent: the default applies', () => {
    expect(placesOperation.parse(queryInput(placesOperation.input, placesOperation.rest!, { query: 'Žilina', max: '' }))).toEqual({ query: 'Žilina', max: 5 });
  });

  test('the path {provider}/{dataset} becomes the key; other members are dataset parameters', () => {
    const input = queryInput(summaryOperation.input, summaryOperation.rest!, { municipality: 'Žilina', rok: '2021' }, { provider: 'sk-uzemie', dataset: 'obce' });
    expect(summaryOperation.parse(input)).toEqual({ dataset: 'sk-uzemie/obce', municipality: 'Žilina', params: { rok: '2021' } });
  });

  test('members named constructor, __proto__ or toString are unknown members, not inherited properties', () => {
    // Unknown query members are refused (issue 25): the first one is named, with invalid_query.
    expect(() => liveTestOperation.parse(queryInput(liveTestOperation.input, liveTestOperation.rest!, { constructor: '1', toString: 'x' }))).toThrow(
      expect.objectContaining({ code: 'invalid_query', message: expect.stringMatching(/^constructor: unknown query parameter/) }),
    );
    const input = queryInput(summaryOperation.input, summaryOperation.rest!, { constructor: '1', __proto__: '2', hasOwnProperty: '3' }, { provider: 'a', dataset: 'b' });
    expect(summaryOperation.parse(input).params).toEqual({ constructor: '1', __proto__: '2', hasOwnProperty: '3' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('error codes per field', () => {
  const cases: Array<{ name: string; run: () => unknown; code: string; message: RegExp }> = [
    { name: 'a number that is not one', run: () => nearbyQuery({ point: '17,48', datasets: 'a/b', radius: '12abc' }), code: 'invalid_query', message: /^radius: / },
    { name: 'a limit (13 datasets)', run: () => nearbyQuery({ point: '17,48', datasets: Array.from({ length: 13 }, (_, i) => `a/d${i}`).join(',') }), code: 'invalid_query', message: /^datasets: / },
    { name: 'rule 1 of nearby', run: () => nearbyQuery({ point: '17,48' }), code: 'missing_dataset_selection', message: /exactly one/ },
    { name: 'rule 2 of nearby', run: () => nearbyQuery({ search: 'voda' }), code: 'missing_place', message: /point/ },
    { name: 'a missing body member', run: () => registrationOperation.parse({}), code: 'invalid_input', message: /^manifestUrl: Chýba adresa manifestu/ },
    { name: 'a refinement with its own code', run: () => registrationOperation.parse({ manifestUrl: 'ftp://example.org/m.json' }), code: 'invalid_url', message: /https/ },
    { name: 'a lone value named by its field', run: () => parseWith(bbox, [18, 48, 17, 49], 'invalid_query', 'bbox'), code: 'invalid_query', message: /^bbox: minLon must be smaller/ },
  ];
  for (const c of cases) {
    test(c.name, () => {
      let thrown: unknown;
      try {
        c.run();
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toMatchObject({ code: c.code, message: expect.stringMatching(c.message) });
    });
  }
});
