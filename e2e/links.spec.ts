// Links an assistant hands to a person: the nearby `map` (REST and MCP) and the MCP catalog's
// absolute links are whole URLs from PUBLIC_BASE_URL, and each opens the right map in Chromium.
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect, test } from '@playwright/test';
import { nearbyResult, type NearbyResult } from '@/lib/nearby/schema';
import { goOffline, waitForMapIdle } from './helpers';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

test('nearby map links and MCP catalog links are absolute and open the right map', async ({ page, request, baseURL }) => {
  await goOffline(page);
  const point = [18.7394, 49.2231];

  // REST: the map link is absolute and names the dataset and the point.
  const rest = await request.get(`/api/nearby?point=${point.join(',')}&datasets=sk-uzemie/obce&radius=500`);
  expect(rest.status()).toBe(200);
  const { map: restMap }: NearbyResult = await rest.json();
  expect(restMap.startsWith(`${baseURL}/?d=sk-uzemie/obce`)).toBe(true);

  // MCP: the same answer as structuredContent, with the same absolute link.
  const call = async (name: string, args: Record<string, unknown>) => {
    const res = await request.post('/mcp', { headers: MCP_HEADERS, data: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } } });
    expect(res.status()).toBe(200);
    const { structuredContent } = CallToolResultSchema.parse((await res.json()).result);
    expect(structuredContent).toBeDefined();
    return structuredContent!;
  };
  const nearby = nearbyResult.parse(await call('nearby', { point, datasets: ['sk-uzemie/obce'], radius: 500 }));
  expect(nearby.map).toBe(restMap);

  // The link opens the map with the dataset enabled, centred on the point.
  await page.goto(nearby.map);
  await expect(page.getByTestId('enabled-sk-uzemie/obce')).toBeVisible();
  await waitForMapIdle(page);
  const center = await page.evaluate(() => window.__geoportalMap!.getCenter());
  expect(center.lng).toBeCloseTo(point[0], 3);
  expect(center.lat).toBeCloseTo(point[1], 3);

  // MCP catalog (whole entries, `detail: true`): paths stay in links, absoluteLinks carry whole URLs;
  // the map link opens the dataset page.
  const catalog = await call('catalog', { search: 'obce', detail: true });
  const entry = (catalog.datasets as Array<{ key: string; links: { map: string }; absoluteLinks: { map: string; data: string } }>).find((d) => d.key === 'sk-uzemie/obce')!;
  expect(entry.links.map).toBe('/mapa/sk-uzemie/obce');
  expect(entry.absoluteLinks.map).toBe(`${baseURL}/mapa/sk-uzemie/obce`);
  expect(entry.absoluteLinks.data).toBe(`${baseURL}/api/data/sk-uzemie/obce`);
  await page.goto(entry.absoluteLinks.map);
  await expect(page.getByTestId('dataset-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.key === 'sk-uzemie/obce' ? /Obce/ : /.*/);
});
