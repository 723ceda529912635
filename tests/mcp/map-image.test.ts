// map_image through the SDK's client over HTTP: the PNG opens with the asked size, the point's pixel
// (by an independent Web Mercator) holds the red marker, the attribution is printed in a white band,
// a vector dataset of a real local provider is drawn, a failing raster source and an unknown key are
// named as not drawn.
import type { CallToolResult, ImageContent } from '@modelcontextprotocol/sdk/types.js';
import { decode } from 'fast-png';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderMapImage } from '@/lib/mapimage/render';
import { connectMcp, jsonText, type McpTestClient } from '../helpers/mcp-client';
import { allowInsecureSources, startProviderServer, type ProviderServer } from '../helpers/provider-server';
import { addProvider, removeProvider, uniqueId, type TestProvider } from '../nearby/helpers';

let mcp: McpTestClient;
let server: ProviderServer;
let restore: () => void;
let provider: TestProvider;
const STARE_MESTO: [number, number] = [17.1077, 48.1486];
const GREEN = '#1b7837';

beforeAll(async () => {
  server = await startProviderServer();
  restore = allowInsecureSources(server);
  const [lon, lat] = STARE_MESTO;
  // A square east of the point (the marker stays clear of it).
  const square = [[[lon + 0.004, lat - 0.004], [lon + 0.012, lat - 0.004], [lon + 0.012, lat + 0.004], [lon + 0.004, lat + 0.004], [lon + 0.004, lat - 0.004]]];
  server.setBody('/plochy.json', { type: 'FeatureCollection', features: [{ type: 'Feature', id: 1, properties: { name: 'Plocha' }, geometry: { type: 'Polygon', coordinates: square } }] });
  server.setFault('/tiles/*', '500');
  provider = await addProvider({
    id: uniqueId('obrazok'),
    baseUrl: server.url,
    datasets: [
      { id: 'plochy', title: 'Testovacie plochy', category: 'nature', source: { type: 'geojson', url: `${server.url}/plochy.json` }, presentation: { type: 'fill', color: GREEN } },
      { id: 'raster', title: 'Testovací raster', category: 'nature', source: { type: 'raster', tiles: [`${server.url}/tiles/{z}/{x}/{y}.png`] }, presentation: { type: 'raster' } },
    ] as never,
  });
  mcp = await connectMcp();
});

afterAll(async () => {
  await mcp?.close();
  await removeProvider(provider);
  restore?.();
  await server?.close();
});

/** Web Mercator world pixel at a zoom, written independently of lib/mapimage. */
function mercator(lon: number, lat: number, zoom: number): [number, number] {
  const n = 256 * 2 ** zoom;
  const φ = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * n, ((1 - Math.log(Math.tan(φ) + 1 / Math.cos(φ)) / Math.PI) / 2) * n];
}

function rgb(img: ReturnType<typeof decode>, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * img.width + Math.round(x)) * img.channels;
  return [img.data[i], img.data[i + 1], img.data[i + 2]];
}

interface Answer {
  width: number;
  height: number;
  zoom: number;
  center: [number, number];
  layers: Array<{ dataset: string; drawn: boolean; count?: number; code?: string; reason?: string }>;
  attribution: string;
  mapUrl: string;
}

describe('map_image', () => {
  test('a PNG of the asked size, the point where the projection puts it, the datasets drawn or named', async () => {
    const bbox = [17.095, 48.141, 17.135, 48.157];
    const r = (await mcp.call('map_image', {
      point: STARE_MESTO,
      bbox,
      width: 640,
      height: 420,
      datasets: [`${provider.id}/plochy`, `${provider.id}/raster`, 'nikto/nic'],
    })) as CallToolResult;
    expect(r.isError, JSON.stringify(r.content).slice(0, 400)).toBeFalsy();
    const image = r.content.find((c) => c.type === 'image') as ImageContent;
    expect(image.mimeType).toBe('image/png');
    expect(JSON.parse(jsonText(r))).toEqual(r.structuredContent);
    const a = r.structuredContent as unknown as Answer;
    const png = decode(Buffer.from(image.data, 'base64'));
    expect([png.width, png.height, a.width, a.height]).toEqual([640, 420, 640, 420]);

    // The marker: its pixel by an independent projection of the answer's zoom and centre.
    const [cx, cy] = mercator(a.center[0], a.center[1], a.zoom);
    const [px, py] = mercator(STARE_MESTO[0], STARE_MESTO[1], a.zoom);
    const x = px - cx + 320;
    const y = py - cy + 210;
    expect(Math.abs(x - 320)).toBeGreaterThan(20); // not simply the centre
    const [mr, mg, mb] = rgb(png, x, y);
    expect(mr).toBeGreaterThan(200);
    expect(mg).toBeLessThan(60);
    expect(mb).toBeLessThan(60);

    // The vector dataset: the square's centre is tinted green; the layers say what was drawn.
    const [qx, qy] = mercator(STARE_MESTO[0] + 0.008, STARE_MESTO[1], a.zoom);
    const [gr, gg, gb] = rgb(png, qx - cx + 320, qy - cy + 210);
    expect(gg).toBeGreaterThan(gr + 20);
    expect(gg).toBeGreaterThan(gb + 20);
    expect(a.layers).toEqual([
      expect.objectContaining({ dataset: `${provider.id}/plochy`, drawn: true, count: 1 }),
      expect.objectContaining({ dataset: `${provider.id}/raster`, drawn: false, reason: expect.stringMatching(/did not answer/) }),
      expect.objectContaining({ dataset: 'nikto/nic', drawn: false, code: 'unknown_dataset' }),
    ]);
    const text = r.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text)[0];
    expect(text).toMatch(/Nakreslené: Testovacie plochy \(1\)/);
    expect(text).toMatch(/NENAKRESLENÉ: Testovací raster/);
    expect(a.mapUrl).toMatch(new RegExp(`\\?d=${provider.id}/plochy&d=${provider.id}/raster`));

    // The attribution band: white at its left edge, dark text pixels in it.
    expect(a.attribution).toMatch(/ÚGKK SR/);
    const band = Array.from({ length: 400 }, (_, i) => rgb(png, 6 + i, 420 - 8));
    expect(rgb(png, 2, 420 - 3).every((v) => v > 220)).toBe(true);
    expect(band.some(([r0, g0, b0]) => r0 < 120 && g0 < 120 && b0 < 120)).toBe(true);
  });

  test('the attribution text is in the drawing; a point alone is centred; no place is invalid_query', async () => {
    const image = await renderMapImage({ point: STARE_MESTO, datasets: [], width: 300, height: 200 });
    expect(image.svg).toContain('© Geodáta Slovenska · Hranice: ÚGKK SR');
    const png = decode(image.png);
    const [r0, g0, b0] = rgb(png, 150, 100);
    expect([r0 > 200, g0 < 60, b0 < 60]).toEqual([true, true, true]);
    const bad = await mcp.call('map_image', { datasets: [] });
    expect(JSON.parse(jsonText(bad))).toMatchObject({ code: 'invalid_query' });
  });
});
