// The MCP Apps UI resource ui://portal/map in Chromium: served with the MCP Apps media type, linked from
// the tools' `_meta.ui.resourceUri`, and, in a host frame speaking the MCP Apps postMessage protocol
// (ui/initialize, then ui/notifications/tool-result with a real nearby result), it shows the portal's
// interactive map at the result's point.
import {
  CallToolResultSchema,
  ListResourcesResultSchema,
  ListToolsResultSchema,
  ReadResourceResultSchema,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { nearbyResult } from '@/lib/nearby/schema';

/** A JSON-RPC call to /mcp, its result parsed with the MCP SDK's schema of the method's result. */
async function rpc<T>(request: APIRequestContext, method: string, params: Record<string, unknown>, result: { parse(v: unknown): T }): Promise<T> {
  const res = await request.post('/mcp', {
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method, params },
  });
  expect(res.status()).toBe(200);
  return result.parse((await res.json()).result);
}

test('ui://portal/map renders a nearby result on the portal map inside a host frame', async ({ page, request }) => {
  const { tools } = await rpc(request, 'tools/list', {}, ListToolsResultSchema);
  for (const name of ['nearby', 'find_place', 'map_image']) {
    expect(tools.find((t) => t.name === name)?._meta, name).toEqual({ ui: { resourceUri: 'ui://portal/map' } });
  }
  const { resources } = await rpc(request, 'resources/list', {}, ListResourcesResultSchema);
  expect(resources.find((r) => r.uri === 'ui://portal/map')).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
  const { contents } = await rpc(request, 'resources/read', { uri: 'ui://portal/map' }, ReadResourceResultSchema);
  expect(contents[0]).toMatchObject({ uri: 'ui://portal/map', mimeType: 'text/html;profile=mcp-app' });
  const html = 'text' in contents[0] ? contents[0].text : '';

  const point = [19.1462, 48.7363];
  const result = await rpc(request, 'tools/call', { name: 'nearby', arguments: { point, datasets: ['sk-uzemie/obce'] } }, CallToolResultSchema);
  expect(result.isError).toBeFalsy();
  const mapLink = nearbyResult.parse(result.structuredContent).map;
  expect(mapLink).toContain('#');

  await page.goto('/robots.txt');
  await page.evaluate(
    ([appHtml, toolResult]) => {
      const log: string[] = [];
      window.__hostLog = log;
      const frame = document.createElement('iframe');
      frame.id = 'app';
      frame.style.cssText = 'width: 900px; height: 560px; border: 0';
      window.addEventListener('message', (e) => {
        const m: Partial<JSONRPCRequest> | null = e.data;
        if (!m || m.jsonrpc !== '2.0' || !m.method) return;
        log.push(m.method);
        if (m.method === 'ui/initialize') {
          frame.contentWindow!.postMessage({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params?.protocolVersion, hostInfo: { name: 'e2e-host', version: '1' }, hostCapabilities: {}, hostContext: {} } }, '*');
        }
        if (m.method === 'ui/notifications/initialized') frame.contentWindow!.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: toolResult }, '*');
      });
      frame.srcdoc = appHtml;
      document.body.appendChild(frame);
    },
    [html, result] as const,
  );

  const app = page.frameLocator('#app');
  await expect(app.locator('body')).toHaveAttribute('data-state', 'shown');
  expect(await page.evaluate(() => window.__hostLog)).toEqual(['ui/initialize', 'ui/notifications/initialized']);
  const src = await app.locator('#map').getAttribute('src');
  expect(src).toBe(mapLink.replace(/^(https?:\/\/[^/]+)\/(\?|#)/, '$1/vlozena-mapa$2'));
  await expect(app.locator('#open')).toHaveAttribute('href', mapLink);
  // The portal's map draws in the nested frame: its MapLibre canvas has a size and the style loaded.
  const map = app.frameLocator('#map');
  // The portal's map shows its picture until used: a mouse over it starts the live map.
  await map.locator('[data-testid="map-facade"][role="button"]').hover();
  const canvas = map.locator('[data-testid="map-canvas"] canvas').first();
  await expect(canvas).toBeVisible({ timeout: 60_000 });
  const box = await canvas.boundingBox();
  expect(box!.width).toBeGreaterThan(600);
  expect(box!.height).toBeGreaterThan(300);
  const shot = await canvas.screenshot();
  expect(shot.length).toBeGreaterThan(5_000);
});
