// The MCP Apps UI resource `ui://portal/map` (text/html;profile=mcp-app): in a host that supports MCP
// Apps, the result of `nearby`, `find_place` or `map_image` is shown on the portal's interactive map
// (its embedded page /vlozena-mapa in a frame, with the result's map link). The page speaks the MCP
// Apps postMessage protocol: `ui/initialize` to the host, then it reads `ui/notifications/tool-result`.
// Hosts without MCP Apps show the plain map link the results carry (`map`, `mapUrl`, the headline).
import type { Resource } from '@modelcontextprotocol/sdk/types.js';

const MAP_UI_URI = 'ui://portal/map';
const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The tool `_meta` linking a tool to the map UI (MCP Apps: `_meta.ui.resourceUri`). */
export const MAP_UI_META = { ui: { resourceUri: MAP_UI_URI } };
/** The MCP Apps protocol version the page announces in ui/initialize. */
const APPS_PROTOCOL_VERSION = '2026-01-26';

/** The resource's `_meta.ui`: the portal's origin may be framed and loaded (CSP the host builds). */
function uiMeta(base: string): Resource['_meta'] {
  const origin = new URL(base).origin;
  return { ui: { csp: { frameDomains: [origin], resourceDomains: [origin], connectDomains: [origin] }, prefersBorder: true } };
}

export function mapUiResource(base: string): Resource & { read(): Promise<string> } {
  return {
    uri: MAP_UI_URI,
    name: 'portal-map',
    title: 'Interaktívna mapa portálu',
    description: 'MCP Apps view of a nearby, find_place or map_image result on the portal’s interactive map; hosts without MCP Apps use the result’s map link.',
    mimeType: MCP_APP_MIME_TYPE,
    _meta: uiMeta(base),
    read: async () => mapAppHtml(base),
  };
}

function mapAppHtml(base: string): string {
  const origin = new URL(base).origin;
  const script = `
const BASE = ${JSON.stringify(origin)};
const frame = document.getElementById('map');
const open = document.getElementById('open');
function linkOf(s) {
  if (!s || typeof s !== 'object') return null;
  if (typeof s.map === 'string') return s.map;
  if (typeof s.mapUrl === 'string') return s.mapUrl;
  if (Array.isArray(s.places) && s.places[0] && Array.isArray(s.places[0].point)) {
    const p = s.places[0].point;
    return BASE + '/#15/' + p[1] + '/' + p[0];
  }
  return null;
}
function show(result) {
  const link = linkOf(result && result.structuredContent);
  if (!link || link.indexOf(BASE + '/') !== 0) return;
  const u = new URL(link);
  frame.src = BASE + '/vlozena-mapa' + u.search + u.hash;
  open.href = link;
  document.body.dataset.state = 'shown';
}
let next = 0;
const pending = new Map();
function request(method, params) {
  const id = ++next;
  window.parent.postMessage({ jsonrpc: '2.0', id: id, method: method, params: params }, '*');
  return new Promise(function (resolve) { pending.set(id, resolve); });
}
window.addEventListener('message', function (e) {
  const m = e.data;
  if (!m || m.jsonrpc !== '2.0') return;
  if (m.id !== undefined && pending.has(m.id)) { pending.get(m.id)(m.result); pending.delete(m.id); return; }
  if (m.method === 'ui/notifications/tool-result') show(m.params);
});
if (window.parent !== window) {
  request('ui/initialize', { protocolVersion: ${JSON.stringify(APPS_PROTOCOL_VERSION)}, appInfo: { name: 'geodata-sk-map', version: '1' }, appCapabilities: {} })
    .then(function () { window.parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*'); });
}`;
  return `<!doctype html>
<html lang="sk">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mapa – Geodáta Slovenska</title>
<style>
html, body { margin: 0; font-family: system-ui, sans-serif; }
#map { display: block; width: 100%; height: 460px; border: 0; }
p { margin: 6px 8px; font-size: 13px; }
</style>
</head>
<body data-state="waiting">
<iframe id="map" title="Mapa – Geodáta Slovenska" src="${origin}/vlozena-mapa" allow="geolocation"></iframe>
<p><a id="open" href="${origin}/" target="_blank" rel="noopener">Otvoriť na portáli Geodáta Slovenska</a></p>
<script>${script}
</script>
</body>
</html>
`;
}
