// A local ArcGIS REST server on 127.0.0.1 (on top of the fake provider server, so faults can be
// injected per path) answering the JSON formats of MapServer/identify, ImageServer/identify,
// ImageServer/rasterAttributeTable and ImageServer/legend, with real hit testing against its data.
//
//   const ags = await startArcGisServer();
//   ags.mapTemplate('show:0')       // MapServer/export template for a manifest
//   ags.imageTemplate('hlbka')      // ImageServer/exportImage template (with a raster attribute table)
//   ags.imageTemplate('triedy')     // ImageServer without an attribute table: classes from its legend
//   ags.server.setFault(ags.paths.mapIdentify, '500')
import { startProviderServer, type ProviderServer, type RecordedRequest } from './provider-server';

const SERVICES = '/arcgis/rest/services';

/** Map service layers: 0 flood zones (two squares), 1 a district covering the whole area. */
const ARCGIS_MAP_LAYERS = [
  {
    id: 0,
    name: 'Záplavové územia Q100',
    features: [
      { bbox: [17.0, 48.1, 17.1, 48.2], attributes: { OBJECTID: 11, NAZOV: 'Dunaj – ľavý breh', HLBKA_TRIEDA: 2, Shape: 'Polygon' } },
      { bbox: [17.1, 48.1, 17.2, 48.2], attributes: { OBJECTID: 12, NAZOV: 'Malý Dunaj', HLBKA_TRIEDA: 4, Shape: 'Polygon' } },
    ],
  },
  {
    id: 1,
    name: 'Správne územie',
    features: [{ bbox: [16.9, 48.0, 17.3, 48.3], attributes: { OBJECTID: 1, SPRAVCA: 'SVP, š. p.', Shape: 'Polygon' } }],
  },
] as const;

/** Image service pixel class at a point: 1..4 by longitude in [17.0, 17.2] x [48.1, 48.2], else NoData. */
export function arcgisPixelAt(lon: number, lat: number): number | null {
  if (lon < 17.0 || lon >= 17.2 || lat < 48.1 || lat >= 48.2) return null;
  return 1 + Math.floor((lon - 17.0) / 0.05);
}

export const ARCGIS_CLASS_NAMES: Record<number, string> = { 1: 'do 0,5 m', 2: '0,5 – 1 m', 3: '1 – 2 m', 4: 'nad 2 m' };
export const ARCGIS_LEGEND_NAMES: Record<number, string> = { 1: 'Trieda 1', 2: 'Trieda 2', 3: 'Trieda 3', 4: 'Trieda 4' };

export interface ArcGisServer {
  server: ProviderServer;
  url: string;
  hostPort: string;
  paths: { mapIdentify: string; imageIdentify: (service: 'hlbka' | 'triedy') => string; rat: (service: 'hlbka' | 'triedy') => string };
  mapTemplate(layers?: string): string;
  mapTileTemplate(): string;
  imageTemplate(service: 'hlbka' | 'triedy'): string;
  /** Identify requests received (with their query). */
  identifyRequests(): RecordedRequest[];
  close(): Promise<void>;
}

function parsePoint(geometry: string | undefined): [number, number] | null {
  if (!geometry) return null;
  const g = geometry.trim();
  if (g.startsWith('{')) {
    try {
      const o = JSON.parse(g) as { x?: number; y?: number };
      return typeof o.x === 'number' && typeof o.y === 'number' ? [o.x, o.y] : null;
    } catch {
      return null;
    }
  }
  const parts = g.split(',').map(Number);
  return parts.length === 2 && parts.every(Number.isFinite) ? [parts[0], parts[1]] : null;
}

function inBox(p: [number, number], b: readonly number[]): boolean {
  return p[0] >= b[0] && p[0] <= b[2] && p[1] >= b[1] && p[1] <= b[3];
}

function mapIdentify(req: RecordedRequest): unknown {
  const p = parsePoint(req.query.geometry);
  if (!p || req.query.f !== 'json') return { error: { code: 400, message: 'Invalid or missing input parameters.', details: [] } };
  // layers: all | visible | top, optionally ":id,id"
  const m = /^(all|visible|top)(?::([\d,]+))?$/.exec(req.query.layers ?? 'top');
  if (!m) return { error: { code: 400, message: 'Invalid layers parameter.', details: [] } };
  const ids = m[2] ? m[2].split(',').map(Number) : ARCGIS_MAP_LAYERS.map((l) => l.id);
  const results: unknown[] = [];
  for (const layer of ARCGIS_MAP_LAYERS) {
    if (!ids.includes(layer.id)) continue;
    for (const f of layer.features) {
      if (!inBox(p, f.bbox)) continue;
      results.push({ layerId: layer.id, layerName: layer.name, displayFieldName: 'NAZOV', value: String(f.attributes.OBJECTID), attributes: f.attributes, geometryType: 'esriGeometryPolygon' });
    }
    if (m[1] === 'top' && results.length) break;
  }
  return { results };
}

function imageIdentify(req: RecordedRequest): unknown {
  const p = parsePoint(req.query.geometry);
  if (!p) return { error: { code: 400, message: 'Unable to complete operation.', details: ['Invalid geometry.'] } };
  const v = arcgisPixelAt(p[0], p[1]);
  return {
    objectId: 0,
    name: 'Pixel',
    value: v === null ? 'NoData' : String(v),
    location: { x: p[0], y: p[1], spatialReference: { wkid: 4326 } },
    properties: null,
    catalogItems: null,
    catalogItemVisibilities: [],
  };
}

const RAT = {
  objectIdFieldName: 'OID',
  fields: [
    { name: 'OID', type: 'esriFieldTypeOID', alias: 'OID' },
    { name: 'Value', type: 'esriFieldTypeInteger', alias: 'Value' },
    { name: 'Count', type: 'esriFieldTypeDouble', alias: 'Count' },
    { name: 'ClassName', type: 'esriFieldTypeString', alias: 'ClassName' },
  ],
  features: Object.entries(ARCGIS_CLASS_NAMES).map(([v, name], i) => ({ attributes: { OID: i, Value: Number(v), Count: 100 + i, ClassName: name } })),
};

const LEGEND = {
  layers: [
    {
      layerId: 0,
      layerName: 'triedy',
      layerType: 'Raster Layer',
      legendType: 'Unique Values',
      legend: Object.entries(ARCGIS_LEGEND_NAMES).map(([v, label]) => ({ label, url: 'x', imageData: '', contentType: 'image/png', height: 16, width: 16, values: [Number(v)] })),
    },
  ],
};

export async function startArcGisServer(): Promise<ArcGisServer> {
  const server = await startProviderServer();
  const mapBase = `${SERVICES}/Povodne/MapServer`;
  const image = (s: string) => `${SERVICES}/${s === 'hlbka' ? 'Hlbka' : 'Triedy'}/ImageServer`;
  server.setBody(`${mapBase}/identify`, mapIdentify);
  for (const s of ['hlbka', 'triedy']) {
    server.setBody(`${image(s)}/identify`, imageIdentify);
    server.setBody(`${image(s)}/legend`, LEGEND);
  }
  server.setBody(`${image('hlbka')}/rasterAttributeTable`, RAT);
  // Like a real service without a table: HTTP 200 with an error object.
  server.setBody(`${image('triedy')}/rasterAttributeTable`, { error: { code: 400, message: 'Raster attribute table is not available.', details: [] } });
  return {
    server,
    url: server.url,
    hostPort: server.hostPort,
    paths: { mapIdentify: `${mapBase}/identify`, imageIdentify: (s) => `${image(s)}/identify`, rat: (s) => `${image(s)}/rasterAttributeTable` },
    mapTemplate: (layers) =>
      `${server.url}${mapBase}/export?bbox={bbox-epsg-3857}&bboxSR=3857&imageSR=3857&size=256,256&format=png32&transparent=true${layers ? `&layers=${layers}` : ''}&f=image`,
    mapTileTemplate: () => `${server.url}${mapBase}/tile/{z}/{y}/{x}`,
    imageTemplate: (s) => `${server.url}${image(s)}/exportImage?bbox={bbox-epsg-3857}&bboxSR=3857&imageSR=3857&size=256,256&format=png&f=image`,
    identifyRequests: () => server.log().filter((r) => r.path.endsWith('/identify')),
    close: () => server.close(),
  };
}
