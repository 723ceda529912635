import { describe, expect, test } from 'vitest';
import { featureFilter, validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { colorExpression, legendForColor, NO_DATA_COLOR, TREND_COLORS } from '@/lib/map/colors';
import { TREND_NO_CHART_COLOR } from '@/lib/protocol/types';
import { datasetKeyOfLayer, interactiveLayerIds, layersForDataset, sourceForDataset, sourceId } from '@/lib/map/layers';
import type { ColorSpec, MapDataset } from '@/lib/map/types';
import { evalColor } from '../helpers/maplibre-color';
import { dataset } from './fixtures';

function styleWith(ds: MapDataset): StyleSpecification {
  return {
    version: 8,
    sources: { [sourceId(ds.key)]: sourceForDataset(ds) },
    layers: layersForDataset(ds),
  };
}

const colors: Array<{ name: string; color: ColorSpec; cases: Array<[Record<string, unknown>, string]> }> = [
  { name: 'constant', color: '#aa5500', cases: [[{}, '#aa5500'], [{ __dm_color: '#112233' }, '#112233']] },
  {
    name: 'categorical',
    color: { type: 'categorical', field: 'druh', values: { les: '#228833', voda: '#3366cc', '1': '#ff0000' }, default: '#999999' },
    cases: [[{ druh: 'les' }, '#228833'], [{ druh: 'voda' }, '#3366cc'], [{ druh: 1 }, '#ff0000'], [{ druh: 'iné' }, '#999999'], [{}, '#999999'], [{ druh: 'les', __dm_color: '#010203' }, '#010203']],
  },
  {
    name: 'interpolate',
    color: { type: 'interpolate', field: 'v', stops: [[0, '#000000'], [100, '#ffffff']] },
    cases: [[{ v: 0 }, '#000000'], [{ v: 100 }, '#ffffff'], [{ v: 200 }, '#ffffff'], [{}, NO_DATA_COLOR]],
  },
  {
    name: 'step',
    color: { type: 'step', field: 'v', default: '#111111', stops: [[10, '#222222'], [20, '#333333']] },
    cases: [[{ v: 5 }, '#111111'], [{ v: 10 }, '#222222'], [{ v: 25 }, '#333333'], [{ v: '15' }, '#222222'], [{}, '#111111']],
  },
  {
    name: 'trend',
    color: { type: 'trend' },
    cases: [[{ __dm_trend: 'roste' }, TREND_COLORS.roste], [{ __dm_trend: 'klesá' }, TREND_COLORS['klesá']], [{ __dm_trend: 'stagnuje' }, TREND_COLORS.stagnuje], [{}, TREND_NO_CHART_COLOR]],
  },
  {
    name: 'trend with own colours',
    color: { type: 'trend', colors: { roste: '#00ff00' } },
    cases: [[{ __dm_trend: 'roste' }, '#00ff00'], [{ __dm_trend: 'klesá' }, TREND_COLORS['klesá']]],
  },
];

describe('colour expressions evaluate like MapLibre', () => {
  for (const c of colors) {
    test(c.name, () => {
      const expr = colorExpression(c.color);
      for (const [props, expected] of c.cases) expect(evalColor(expr, props), JSON.stringify(props)).toBe(expected);
    });
  }
  test('unsorted and duplicate stops are cleaned', () => {
    const expr = colorExpression({ type: 'interpolate', field: 'v', stops: [[100, '#ffffff'], [0, '#000000'], [0, '#ff0000']] });
    expect(evalColor(expr, { v: 0 })).toBe('#000000');
  });
});

describe('layersForDataset', () => {
  const kinds: Array<{ name: string; ds: MapDataset; types: string[] }> = [
    ...colors.map((c) => ({ name: `circle ${c.name}`, ds: dataset({ key: 'p/circle', presentation: { type: 'circle', color: c.color } }), types: ['fill', 'line', 'line', 'circle'] })),
    { name: 'fill', ds: dataset({ key: 'p/fill', presentation: { type: 'fill', color: '#123456', opacity: 0.5 } }), types: ['fill', 'line', 'line', 'circle'] },
    { name: 'line', ds: dataset({ key: 'p/line', presentation: { type: 'line', color: '#123456', width: 3 } }), types: ['fill', 'line', 'line', 'circle'] },
    { name: 'heatmap', ds: dataset({ key: 'p/heat', presentation: { type: 'heatmap', weight: 'n', colors: ['#ffffcc', '#bd0026'] } }), types: ['fill', 'line', 'line', 'heatmap'] },
    { name: 'circle with a label and outline', ds: dataset({ key: 'p/lab', presentation: { type: 'circle', label: 'nazov', outlineColor: '#000000', outlineWidth: 2 } }), types: ['fill', 'line', 'line', 'circle', 'symbol'] },
    { name: 'dashed line', ds: dataset({ key: 'p/dash', presentation: { type: 'line', dash: [2, 1] } }), types: ['fill', 'line', 'line', 'circle'] },
    { name: 'unknown type drawn as auto', ds: dataset({ key: 'p/auto', presentation: { type: 'hexbin' } }), types: ['fill', 'line', 'line', 'circle'] },
    {
      name: 'raster',
      ds: dataset({ key: 'p/raster', source: { type: 'raster', tiles: ['https://tiles.example.sk/{z}/{x}/{y}.png'], tileSize: 512, minZoom: 3 }, presentation: { type: 'raster', opacity: 0.6 }, links: { data: null, map: '/mapa/p/raster' } }),
      types: ['raster'],
    },
  ];
  for (const k of kinds) {
    test(`${k.name}: valid MapLibre style`, () => {
      const style = styleWith(k.ds);
      expect(validateStyleMin(style)).toEqual([]);
      expect(style.layers.map((l) => l.type)).toEqual(k.types);
      for (const l of style.layers) expect(datasetKeyOfLayer(l.id)).toBe(k.ds.key);
    });
  }

  test('raster reads tiles straight from source.tiles', () => {
    const ds = kinds.at(-1)!.ds;
    const src = sourceForDataset(ds);
    expect(src).toMatchObject({ type: 'raster', tiles: ['https://tiles.example.sk/{z}/{x}/{y}.png'], tileSize: 512, minzoom: 3 });
    expect((layersForDataset(ds)[0] as LayerSpecification & { paint: Record<string, unknown> }).paint['raster-opacity']).toBe(0.6);
    expect(interactiveLayerIds(ds)).toEqual([]);
  });

  test('minZoom of the coverage becomes the layers minzoom', () => {
    const ds = dataset({ key: 'p/z', coverage: { minZoom: 11 } });
    for (const l of layersForDataset(ds)) expect(l.minzoom).toBe(11);
  });

  test('geometry filters pick the right features', () => {
    const ds = dataset({ key: 'p/f', presentation: { type: 'fill', color: '#000' } });
    const [fill, , line, circle] = layersForDataset(ds) as Array<LayerSpecification & { filter: unknown }>;
    const poly = { type: 3 as const, properties: {}, geometry: [] };
    const pt = { type: 1 as const, properties: {}, geometry: [] };
    const ln = { type: 2 as const, properties: {}, geometry: [] };
    const f = (l: { filter: unknown }) => featureFilter(l.filter as never, 'layers[0].filter').filter;
    expect(f(fill)({ zoom: 5 }, poly as never)).toBe(true);
    expect(f(fill)({ zoom: 5 }, pt as never)).toBe(false);
    expect(f(circle)({ zoom: 5 }, pt as never)).toBe(true);
    expect(f(line)({ zoom: 5 }, ln as never)).toBe(true);
    expect(f(line)({ zoom: 5 }, poly as never)).toBe(false);
  });

  test('interactive layers exclude outlines', () => {
    expect(interactiveLayerIds(dataset({ key: 'a/b' }))).toEqual(['ds:a/b:fill', 'ds:a/b:line', 'ds:a/b:circle']);
  });
});

describe('legendForColor', () => {
  test('categorical lists values and the default', () => {
    expect(legendForColor({ type: 'categorical', field: 'f', values: { a: '#111111' }, default: '#222222' }, 'Druh')).toEqual({
      kind: 'swatches',
      title: 'Druh',
      items: [{ color: '#111111', label: 'a' }, { color: '#222222', label: 'ostatné' }],
    });
  });
  test('interpolate is a gradient, step keeps its lower colour, trend lists the three trends', () => {
    expect(legendForColor({ type: 'interpolate', field: 'v', stops: [[0, '#000000'], [5, '#ffffff']] })).toMatchObject({ kind: 'gradient' });
    expect(legendForColor({ type: 'step', field: 'v', default: '#000000', stops: [[5, '#ffffff']] })).toMatchObject({ kind: 'steps', below: '#000000' });
    const t = legendForColor({ type: 'trend' });
    expect(t && t.kind === 'swatches' && t.items.map((i) => i.label)).toEqual(['rastie', 'stagnuje', 'klesá', 'bez údajov']);
    expect(legendForColor('#ffffff')).toBeNull();
  });
});
