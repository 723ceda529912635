// ArcGIS REST point queries: MapServer/identify for map services and ImageServer/identify for image
// services, plus the image service's class table (raster attribute table, else its legend) that turns
// pixel codes into class names.
import type { Scalar } from '../describe';
import { buildUrl, type ArcGisImageQuerySpec, type ArcGisMapQuerySpec } from './template';
import { SourceAnswerError, type SourceFeature } from './wms';

/** Pixels of the virtual map identify measures its tolerance against. */
const IMAGE_PX = 101;
const TOLERANCE_PX = 3;

export function mapIdentifyUrl(spec: ArcGisMapQuerySpec, lon: number, lat: number, zoom: number): string {
  const deg = (IMAGE_PX / 2) * (360 / (256 * 2 ** zoom));
  return buildUrl(`${spec.serviceUrl}/identify`, [
    ...spec.extra,
    { key: 'geometry', value: `${lon},${lat}` },
    { key: 'geometryType', value: 'esriGeometryPoint' },
    { key: 'sr', value: '4326' },
    { key: 'layers', value: spec.layers },
    { key: 'tolerance', value: String(TOLERANCE_PX) },
    { key: 'mapExtent', value: [lon - deg, lat - deg, lon + deg, lat + deg].map((n) => +n.toFixed(8)).join(',') },
    { key: 'imageDisplay', value: `${IMAGE_PX},${IMAGE_PX},96` },
    { key: 'returnGeometry', value: 'false' },
    { key: 'f', value: 'json' },
  ]);
}

export function imageIdentifyUrl(spec: ArcGisImageQuerySpec, lon: number, lat: number): string {
  return buildUrl(`${spec.serviceUrl}/identify`, [
    ...spec.extra,
    { key: 'geometry', value: JSON.stringify({ x: lon, y: lat, spatialReference: { wkid: 4326 } }) },
    { key: 'geometryType', value: 'esriGeometryPoint' },
    { key: 'returnGeometry', value: 'false' },
    { key: 'returnCatalogItems', value: 'false' },
    { key: 'f', value: 'json' },
  ]);
}

export function rasterAttributeTableUrl(spec: ArcGisImageQuerySpec): string {
  return `${spec.serviceUrl}/rasterAttributeTable?f=json`;
}

export function imageLegendUrl(spec: ArcGisImageQuerySpec): string {
  return `${spec.serviceUrl}/legend?f=json`;
}

function parseJson(text: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SourceAnswerError('Odpoveď služby ArcGIS nie je platný JSON.');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new SourceAnswerError('Neočakávaná odpoveď služby ArcGIS.');
  const obj = json as Record<string, unknown>;
  if (obj.error) {
    const e = obj.error as { message?: string; details?: string[] };
    throw new SourceAnswerError([e.message, ...(e.details ?? [])].filter(Boolean).join(' ').slice(0, 300) || 'ArcGIS error');
  }
  return obj;
}

function scalar(v: unknown): Scalar {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** MapServer/identify: `results[] { layerId, layerName, attributes }`; hidden layers dropped. */
export function parseMapIdentify(text: string, hiddenLayerIds: number[] = []): SourceFeature[] {
  const obj = parseJson(text);
  const results = Array.isArray(obj.results) ? obj.results : [];
  const out: SourceFeature[] = [];
  for (const r of results as Array<Record<string, unknown>>) {
    if (!r || typeof r !== 'object') continue;
    if (typeof r.layerId === 'number' && hiddenLayerIds.includes(r.layerId)) continue;
    const attrs = (r.attributes && typeof r.attributes === 'object' ? r.attributes : {}) as Record<string, unknown>;
    out.push({
      layer: typeof r.layerName === 'string' ? r.layerName : undefined,
      // The geometry is never returned (returnGeometry=false) but services still list a Shape column.
      attrs: Object.entries(attrs).filter(([k]) => !/^shape$/i.test(k)).map(([k, v]) => [k, scalar(v)] as [string, Scalar]),
    });
  }
  return out;
}

/** ImageServer/identify: one pixel `{ name, value }`; `NoData` means nothing at the point. */
export function parseImageIdentify(text: string): SourceFeature[] {
  const obj = parseJson(text);
  const value = obj.value;
  if (value === undefined || value === null || value === '' || String(value).toLowerCase() === 'nodata') return [];
  return [{ layer: typeof obj.name === 'string' ? obj.name : undefined, attrs: [['value', scalar(value)]] }];
}

/** Pixel value -> class name from a raster attribute table (`features[].attributes`). */
export function parseRasterAttributeTable(text: string): Map<string, string> {
  const obj = parseJson(text);
  const table = new Map<string, string>();
  const fields = (Array.isArray(obj.fields) ? obj.fields : []) as Array<{ name?: string; type?: string }>;
  const features = (Array.isArray(obj.features) ? obj.features : []) as Array<{ attributes?: Record<string, unknown> }>;
  if (!features.length) return table;
  const sample = features[0].attributes ?? {};
  const keys = Object.keys(sample);
  const valueKey = keys.find((k) => /^value$/i.test(k)) ?? keys.find((k) => /^(pixel_?value|class_?value|code|kod)$/i.test(k));
  if (!valueKey) return table;
  const stringFields = fields.filter((f) => f.type === 'esriFieldTypeString' && f.name).map((f) => f.name!);
  const preferred = keys.find((k) => /^(class_?name|classname|class|label|description|popis|nazov|name)$/i.test(k));
  const labelKey = preferred ?? stringFields.find((k) => k !== valueKey) ?? keys.find((k) => k !== valueKey && typeof sample[k] === 'string');
  if (!labelKey) return table;
  for (const f of features) {
    const a = f.attributes ?? {};
    const v = a[valueKey];
    const l = a[labelKey];
    if (v !== undefined && v !== null && typeof l === 'string' && l.trim()) table.set(String(v), l.trim());
  }
  return table;
}

/** Pixel value -> label from a service legend (`layers[].legend[] { label, values[] }`). */
export function parseImageLegend(text: string): Map<string, string> {
  const obj = parseJson(text);
  const table = new Map<string, string>();
  for (const layer of (Array.isArray(obj.layers) ? obj.layers : []) as Array<{ legend?: Array<{ label?: string; values?: unknown[] }> }>) {
    for (const entry of layer.legend ?? []) {
      if (!entry.label || !Array.isArray(entry.values)) continue;
      for (const v of entry.values) table.set(String(v), entry.label);
    }
  }
  return table;
}
