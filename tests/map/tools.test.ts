// The map tools' pure parts: geodesic measuring and its Slovak figures, the point in every notation,
// share and embed links, the print layout, scale bar and PNG text chunks, own GeoJSON files.
import { describe, expect, test } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { circleRing, formatArea, formatLength, lineLength, measurement, polygonArea } from '@/lib/map/measure';
import { formatDms, pointNotations } from '@/lib/map/point-notations';
import { absoluteMapLink, embedCode, embedUrl } from '@/lib/map/share';
import { metresPerPixel, pageLayout, pngText, printLegend, scaleBar, withPngText } from '@/lib/map/print';
import { OwnFileError, readOwnFile } from '@/lib/map/own-files';
import { toSjtsk } from '@/lib/protocol/shared/crs';
import { SLOVAKIA_VIEW, type MapDefaults, type MapState } from '@/lib/map/url-state';
import { dataset } from './fixtures';

describe('measuring on the ellipsoid', () => {
  test('a degree of latitude at 48.5° N is 111,200 m on WGS84 (the mean sphere says 111,195)', () => {
    expect(Math.abs(lineLength([[19, 48], [19, 49]]) - 111_200)).toBeLessThan(2);
  });
  test('Bratislava – Košice as GeographicLib gives it, and a polyline sums its legs', () => {
    const ba: [number, number] = [17.1077, 48.1486];
    const ke: [number, number] = [21.2581, 48.7208];
    const d = lineLength([ba, ke]);
    expect(d).toBeGreaterThan(312_000);
    expect(d).toBeLessThan(314_000);
    const mid: [number, number] = [19.1462, 48.7363];
    expect(lineLength([ba, mid, ke])).toBeCloseTo(lineLength([ba, mid]) + lineLength([mid, ke]), 3);
  });
  test('a 0.01° square near 48.7° N is about 0.81 km², whatever the winding', () => {
    const sq: Array<[number, number]> = [[19, 48.7], [19.01, 48.7], [19.01, 48.71], [19, 48.71]];
    const { area, perimeter } = polygonArea(sq);
    expect(area).toBeGreaterThan(810_000);
    expect(area).toBeLessThan(820_000);
    expect(polygonArea([...sq].reverse()).area).toBeCloseTo(area, 0);
    expect(perimeter).toBeCloseTo(2 * (lineLength([sq[0], sq[1]]) + lineLength([sq[1], sq[2]])), -1);
  });
  const lengths: Array<[number, string]> = [[4.26, '4,3 m'], [850.4, '850 m'], [12_345, '12,35 km'], [312_400, '312,4 km']];
  for (const [m, text] of lengths) test(`length ${m} m reads ${text}`, () => expect(formatLength(m).replace(/\s/g, ' ')).toBe(text));
  const areas: Array<[number, string]> = [[640, '640 m²'], [24_500, '2,45 ha'], [12_300_000, '12,30 km²']];
  for (const [m2, text] of areas) test(`area ${m2} m² reads ${text}`, () => expect(formatArea(m2).replace(/\s/g, ' ')).toBe(text));
  test('the figures: running lengths per corner; an area needs three corners', () => {
    const m = measurement('line', [[19, 48], [19, 48.01], [19.01, 48.01]]);
    expect(m.segments).toHaveLength(2);
    expect(measurement('area', [[19, 48], [19, 48.01]]).total).toBe('–');
  });
  test('the accuracy circle is a closed ring at the radius', () => {
    const ring = circleRing([17.1, 48.1], 100, 16);
    expect(ring).toHaveLength(17);
    for (const p of ring) expect(lineLength([[17.1, 48.1], p])).toBeCloseTo(100, 3);
  });
});

describe('the point in every notation', () => {
  test('WGS84, DMS, S-JTSK EPSG:5514 and the cadastre’s Y, X', () => {
    const n = Object.fromEntries(pointNotations(19.1462, 48.7363).map((x) => [x.key, x.text]));
    const [e, nn] = toSjtsk(19.1462, 48.7363);
    expect(n.wgs84).toBe('48.736300, 19.146200');
    expect(n.dms).toBe('48°44′10.68″ N, 19°08′46.32″ E');
    expect(n.sjtsk).toBe(`${e.toFixed(2)}, ${nn.toFixed(2)}`);
    expect(n.cadastre).toBe(`${(-e).toFixed(2)}, ${(-nn).toFixed(2)}`);
  });
  test('DMS carries 59.999″ over into the next minute', () => {
    expect(formatDms(19 + 59.9999 / 3600, 48)).toBe('48°00′00.00″ N, 19°01′00.00″ E');
  });
});

describe('share and embed links', () => {
  test('the embedded map keeps the query and fragment; search is a flag; and comes off again', () => {
    const src = embedUrl('https://geo.example/mapa/x?d=sk-uzemie/kraje&bod=19,48#9/48.7/19.5', { search: true });
    expect(src).toBe('https://geo.example/vlozena-mapa?d=sk-uzemie/kraje&bod=19,48&hladanie=1#9/48.7/19.5');
    expect(embedUrl(src, { search: false })).toBe('https://geo.example/vlozena-mapa?d=sk-uzemie/kraje&bod=19,48#9/48.7/19.5');
    expect(embedCode('https://a.example/?a=1&b="2"', { width: '100%', height: '480' })).toContain('src="https://a.example/?a=1&amp;b=&quot;2&quot;"');
  });
  test('the absolute link writes what the page’s own defaults left out', () => {
    const defaults: MapDefaults = { datasets: ['p/d'], params: { 'p/d': { rok: '2020' } }, view: { zoom: 10, lat: 48.1, lon: 17.1 } };
    const state: MapState = { datasets: ['p/d'], params: {}, view: { zoom: 10, lat: 48.1, lon: 17.1 }, place: null, point: null };
    expect(absoluteMapLink('https://geo.example', state, defaults, { 'p/d': { rok: '2024' } })).toBe('https://geo.example/?d=p/d&p/d.rok=2020#10/48.1/17.1');
    expect(absoluteMapLink('https://geo.example', { ...state, datasets: [], view: SLOVAKIA_VIEW }, defaults, {})).toBe('https://geo.example/');
  });
});

describe('printing', () => {
  test('the map box keeps the map’s aspect and fits the page', () => {
    for (const [size, o] of [['A4', 'portrait'], ['A4', 'landscape'], ['A3', 'landscape']] as const) {
      const l = pageLayout(size, o, 1.6);
      expect(l.map.w / l.map.h).toBeCloseTo(1.6, 5);
      expect(l.map.x + l.map.w).toBeLessThanOrEqual(l.width - 10 + 1e-9);
      expect(l.footer.y + l.footer.h).toBeLessThanOrEqual(l.height - 10 + 1e-9);
    }
    expect(pageLayout('A3', 'portrait', 1).width).toBe(297);
  });
  test('the scale bar is a round length and states the ratio', () => {
    const mpp = metresPerPixel(48.7, 12);
    // 512-pixel tiles: 40,075 km × cos 48.7° / (512 × 2¹²).
    expect(mpp).toBeCloseTo(12.61, 1);
    const s = scaleBar(mpp * 1000, 250);
    expect([1, 2, 5].some((k) => s.metres / 10 ** Math.floor(Math.log10(s.metres)) === k)).toBe(true);
    expect(s.mm).toBeLessThanOrEqual(40);
    expect(s.ratio).toMatch(/^1 : [\d\s]+$/);
  });
  test('the legend: one block per dataset with its swatches', () => {
    const blocks = printLegend([dataset({ key: 'p/a', title: 'Záplavy', presentation: { type: 'fill', color: { type: 'categorical', field: 'k', values: { a: '#ff0000', b: '#00ff00' } } } })]);
    expect(blocks[0].rows).toEqual([{ color: '#ff0000', label: 'a' }, { color: '#00ff00', label: 'b' }]);
  });
  test('PNG text chunks in UTF-8 round-trip and keep the PNG valid', () => {
    const png = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'));
    const out = withPngText(png, { Title: 'Mapa – Ľubochňa', Copyright: '© ÚGKK SR' });
    expect(pngText(out)).toEqual({ Title: 'Mapa – Ľubochňa', Copyright: '© ÚGKK SR' });
    expect([...out.subarray(0, 8)]).toEqual([...png.subarray(0, 8)]);
    expect(Buffer.from(out.subarray(out.length - 12)).toString('latin1')).toContain('IEND');
  });
});

describe('own files (GeoJSON and KMZ packing; KML/GPX parsing runs in the browser, e2e)', () => {
  const fc = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: 'A' }, geometry: { type: 'Point', coordinates: [19, 48] } }] });
  test('a FeatureCollection, a bare geometry', () => {
    const f = readOwnFile('a.geojson', strToU8(fc), 0);
    expect(f).toMatchObject({ kind: 'GeoJSON', count: 1, bbox: [19, 48, 19, 48] });
    expect(readOwnFile('b.json', strToU8('{"type":"LineString","coordinates":[[19,48],[20,49]]}'), 1).count).toBe(1);
  });
  const broken: Array<[string, Uint8Array, RegExp]> = [
    ['a.geojson', strToU8('{nope'), /nie je platný GeoJSON/],
    ['a.json', strToU8('{"type":"Topology"}'), /nie je GeoJSON/],
    ['a.geojson', strToU8('{"type":"FeatureCollection","features":[]}'), /neobsahuje žiadne objekty/],
    ['a.geojson', strToU8('{"type":"Point","coordinates":[458000,1229000]}'), /EPSG:4326/],
    ['a.shp', strToU8('x'), /nie je KML, KMZ, GPX ani GeoJSON/],
    ['a.kmz', strToU8('not a zip'), /nie je platný archív KMZ/],
    ['a.kmz', zipSync({ 'readme.txt': strToU8('x') }), /neobsahuje súbor KML/],
  ];
  for (const [name, bytes, message] of broken) {
    test(`${name}: ${message.source}`, () => {
      expect(() => readOwnFile(name, bytes, 0)).toThrow(OwnFileError);
      expect(() => readOwnFile(name, bytes, 0)).toThrow(message);
    });
  }
});
