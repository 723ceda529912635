// WMS point queries: GetFeatureInfo derived from the GetMap template, the INFO_FORMAT negotiated from
// the service's capabilities (JSON, then GML, then plain text), and a reader for each of the three
// answer formats as MapServer, GeoServer, QGIS Server and ArcGIS Server write them.
import type { Scalar } from '../describe';
import { METRES_PER_PIXEL_Z0, toMercator } from '../geo';
import { buildUrl, isMercator, type TemplateParam, type WmsQuerySpec } from './template';
import { childrenNamed, deepText, descendants, firstChild, parseXml, type XmlElement } from '@/lib/sources/xml';

/** One feature (or raster cell) a service reported at the point, with attributes in source order. */
export interface SourceFeature {
  layer?: string;
  attrs: Array<[string, Scalar]>;
}

export class SourceAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceAnswerError';
  }
}

type InfoFormatKind = 'json' | 'gml' | 'xml' | 'text';

const JSON_FORMATS = ['application/json', 'application/geo+json', 'application/geojson', 'geojson', 'application/json; subtype=geojson'];
const GML_FORMATS = [
  'application/vnd.ogc.gml',
  'application/vnd.ogc.gml/3.1.1',
  'application/gml+xml',
  'application/gml+xml; version=3.2',
  'text/xml',
  'text/xml; subtype=gml/3.1.1',
  'text/xml; subtype=gml/2.1.2',
];
const TEXT_FORMATS = ['text/plain'];

/** The formats to try when the capabilities could not be read, in order of preference. */
export const DEFAULT_FORMAT_TRIALS = ['application/json', 'application/vnd.ogc.gml', 'text/plain'];

function formatKind(format: string): InfoFormatKind | null {
  const f = format.trim().toLowerCase();
  if (JSON_FORMATS.includes(f) || f.includes('json')) return 'json';
  if (GML_FORMATS.includes(f) || f.includes('gml')) return 'gml';
  // Other XML: QGIS Server's and ArcGIS Server's own feature-info documents.
  if (f.includes('xml') && !f.includes('html')) return 'xml';
  if (TEXT_FORMATS.includes(f)) return 'text';
  return null;
}

/** The readable INFO_FORMATs a service offers, best first: JSON, then GML, other XML, then text. */
export function rankInfoFormats(offered: string[]): string[] {
  const out: string[] = [];
  for (const kind of ['json', 'gml', 'xml', 'text'] as const) for (const f of offered) if (formatKind(f) === kind) out.push(f);
  return out;
}

/** The best readable INFO_FORMAT among those a service offers, or null. */
export function chooseInfoFormat(offered: string[]): string | null {
  return rankInfoFormats(offered)[0] ?? null;
}

export interface WmsCapabilities {
  infoFormats: string[];
  /** Layer name -> { title, queryable }. */
  layers: Map<string, { title?: string; queryable: boolean }>;
}

/** GetCapabilities URL for the template's service (vendor parameters such as MapServer's `map` kept). */
export function capabilitiesUrl(spec: WmsQuerySpec): string {
  return buildUrl(spec.base, [
    ...spec.params.filter((p) => !['time', 'elevation', 'sld', 'sld_body', 'dpi', 'map_resolution', 'format_options'].includes(p.key.toLowerCase())),
    { key: 'SERVICE', value: 'WMS' },
    { key: 'REQUEST', value: 'GetCapabilities' },
    { key: 'VERSION', value: spec.version },
  ]);
}

export function parseCapabilities(xml: string): WmsCapabilities {
  const root = parseXml(xml);
  if (/exception/i.test(root.local)) throw new SourceAnswerError(exceptionText(root));
  const capability = firstChild(root, 'Capability');
  const request = capability && firstChild(capability, 'Request');
  const gfi = request && firstChild(request, 'GetFeatureInfo');
  const infoFormats = gfi ? childrenNamed(gfi, 'Format').map((f) => deepText(f)).filter(Boolean) : [];
  const layers = new Map<string, { title?: string; queryable: boolean }>();
  const walk = (el: XmlElement, inheritedQueryable: boolean) => {
    for (const layer of childrenNamed(el, 'Layer')) {
      const q = layer.attrs.queryable;
      const queryable = q === undefined ? inheritedQueryable : q === '1' || q.toLowerCase() === 'true';
      const name = firstChild(layer, 'Name');
      const title = firstChild(layer, 'Title');
      if (name) layers.set(deepText(name), { title: title ? deepText(title) : undefined, queryable });
      walk(layer, queryable);
    }
  };
  if (capability) walk(capability, false);
  return { infoFormats, layers };
}

/** Width and height of the GetFeatureInfo image; the point is the centre pixel. */
const GFI_SIZE = 101;
const GFI_CENTER = 50;

/**
 * GetFeatureInfo URL for a point: the GetMap request of a 101x101 image around the point at `zoom`
 * (in the template's CRS), asking about its centre pixel.
 */
export function getFeatureInfoUrl(spec: WmsQuerySpec, lon: number, lat: number, zoom: number, infoFormat: string, featureCount: number): string {
  const half = (GFI_SIZE / 2) * (METRES_PER_PIXEL_Z0 / 2 ** zoom);
  let bbox: number[];
  if (isMercator(spec.crs)) {
    const [x, y] = toMercator(lon, lat);
    bbox = [x - half, y - half, x + half, y + half];
  } else {
    const deg = (GFI_SIZE / 2) * (360 / (256 * 2 ** zoom));
    // WMS 1.3.0 with EPSG:4326 uses latitude-first axis order; CRS:84 and 1.1.1 are longitude-first.
    bbox = spec.version === '1.3.0' && spec.crs === 'EPSG:4326'
      ? [lat - deg, lon - deg, lat + deg, lon + deg]
      : [lon - deg, lat - deg, lon + deg, lat + deg];
  }
  const v13 = spec.version === '1.3.0';
  const params: TemplateParam[] = [
    ...spec.params,
    { key: 'SERVICE', value: 'WMS' },
    { key: 'VERSION', value: spec.version },
    { key: 'REQUEST', value: 'GetFeatureInfo' },
    { key: 'LAYERS', value: spec.layers },
    { key: 'QUERY_LAYERS', value: spec.layers },
    { key: 'STYLES', value: spec.styles },
    { key: v13 ? 'CRS' : 'SRS', value: spec.crs },
    { key: 'BBOX', value: bbox.map((n) => +n.toFixed(8)).join(',') },
    { key: 'WIDTH', value: String(GFI_SIZE) },
    { key: 'HEIGHT', value: String(GFI_SIZE) },
    { key: v13 ? 'I' : 'X', value: String(GFI_CENTER) },
    { key: v13 ? 'J' : 'Y', value: String(GFI_CENTER) },
    { key: 'INFO_FORMAT', value: infoFormat },
    { key: 'FEATURE_COUNT', value: String(featureCount) },
  ];
  return buildUrl(spec.base, params);
}

// --- answers ---

function exceptionText(root: XmlElement): string {
  const texts = [...descendants(root, 'ServiceException'), ...descendants(root, 'ExceptionText')].map(deepText).filter(Boolean);
  return (texts.join('; ') || deepText(root) || 'service exception').slice(0, 300);
}

/** Reads a GetFeatureInfo answer by what it is (servers do not always honour INFO_FORMAT). */
export function parseFeatureInfo(body: string, contentType = ''): SourceFeature[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text) return [];
  const ct = contentType.toLowerCase();
  if (text.startsWith('{') || text.startsWith('[')) return parseJsonInfo(text);
  if (text.startsWith('<')) {
    if (ct.includes('html') || /^<(!doctype html|html)/i.test(text)) throw new SourceAnswerError('Služba odpovedala HTML namiesto údajov.');
    return parseXmlInfo(text);
  }
  return parseTextInfo(text);
}

function scalar(v: unknown): Scalar {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

function parseJsonInfo(text: string): SourceFeature[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SourceAnswerError('Odpoveď služby nie je platný JSON.');
  }
  const obj = json as Record<string, unknown>;
  if (obj && typeof obj === 'object' && 'error' in obj && !('features' in obj)) {
    const e = obj.error as { message?: string } | string;
    throw new SourceAnswerError(typeof e === 'string' ? e : (e?.message ?? 'service error'));
  }
  const features: unknown[] = Array.isArray(json)
    ? json
    : obj?.type === 'Feature'
      ? [obj]
      : Array.isArray(obj?.features)
        ? (obj.features as unknown[])
        : Array.isArray(obj?.results)
          ? (obj.results as unknown[])
          : [];
  const out: SourceFeature[] = [];
  for (const f of features) {
    if (!f || typeof f !== 'object') continue;
    const feat = f as { id?: unknown; properties?: Record<string, unknown> | null; attributes?: Record<string, unknown>; layerName?: string; layer?: string };
    const props = feat.properties ?? feat.attributes ?? {};
    // GeoServer ids are `<layer>.<fid>`.
    const layer = feat.layerName ?? feat.layer ?? (typeof feat.id === 'string' && feat.id.includes('.') ? feat.id.slice(0, feat.id.lastIndexOf('.')) : undefined);
    out.push({ layer, attrs: Object.entries(props).map(([k, v]) => [k, scalar(v)] as [string, Scalar]) });
  }
  return out;
}

const GML_CONTAINERS = new Set(['featureMember', 'featureMembers', 'member', 'members']);

function isLeaf(el: XmlElement): boolean {
  return el.children.length === 0;
}

/**
 * XML answers: QGIS Server's `<Layer name><Feature><Attribute name value/>`, ArcGIS Server's
 * `<FIELDS a="..."/>` and `esri_wms:FeatureInfoCollection`, and GML (parseGmlInfo).
 */
function parseXmlInfo(xml: string): SourceFeature[] {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch {
    throw new SourceAnswerError('Odpoveď služby nie je platné XML.');
  }
  if (/exception/i.test(root.local)) throw new SourceAnswerError(exceptionText(root));
  const qgisFeatures = descendants(root, 'Feature').filter((f) => f.children.some((c) => c.local === 'Attribute' && 'name' in c.attrs));
  if (qgisFeatures.length || (root.local === 'GetFeatureInfoResponse' && descendants(root, 'Layer').length)) {
    const out: SourceFeature[] = [];
    for (const layer of descendants(root, 'Layer')) {
      for (const f of childrenNamed(layer, 'Feature')) {
        const attrs = childrenNamed(f, 'Attribute')
          .filter((a) => a.attrs.name !== undefined && a.attrs.name !== 'geometry')
          .map((a) => [a.attrs.name, a.attrs.value ?? deepText(a)] as [string, Scalar]);
        out.push({ layer: layer.attrs.name, attrs });
      }
    }
    return out;
  }
  const esriFields = descendants(root, 'FIELDS');
  if (esriFields.length) {
    return esriFields.map((f) => ({ attrs: Object.entries(f.attrs).filter(([k]) => !/^(shape|xmlns(:.*)?)$/i.test(k)).map(([k, v]) => [k, v] as [string, Scalar]) }));
  }
  const collections = descendants(root, 'FeatureInfoCollection');
  if (collections.length) {
    const out: SourceFeature[] = [];
    for (const c of collections) {
      for (const info of descendants(c, 'FeatureInfo')) {
        const attrs = childrenNamed(info, 'Field').map((field) => {
          const name = firstChild(field, 'FieldName');
          const value = firstChild(field, 'FieldValue');
          return [name ? deepText(name) : '', value ? deepText(value) : ''] as [string, Scalar];
        });
        out.push({ layer: c.attrs.layername, attrs: attrs.filter(([k]) => k && !/^shape$/i.test(k)) });
      }
    }
    return out;
  }
  return gmlFeatures(root);
}

/**
 * GML answers in their two common shapes: MapServer's `msGMLOutput` (`<x_layer><gml:name/>
 * <x_feature>attrs</x_feature></x_layer>`) and WFS-style collections (`gml:featureMember` /
 * `wfs:member` wrapping `<ns:layer>attrs</ns:layer>`). A feature is an element with plain child
 * elements holding text; geometry and `gml:` bookkeeping are skipped.
 */
function gmlFeatures(root: XmlElement): SourceFeature[] {
  const out: SourceFeature[] = [];
  const visit = (el: XmlElement, layer: string | undefined) => {
    const plain = el.children.filter((c) => c.prefix !== 'gml' && isLeaf(c));
    if (plain.length && el !== root) {
      const name = el.local.replace(/_feature$/, '');
      out.push({ layer: layer ?? name, attrs: plain.map((c) => [c.local, c.text.trim()] as [string, Scalar]) });
      return;
    }
    const nameEl = el.children.find((c) => c.prefix === 'gml' && c.local === 'name');
    const layerHere = nameEl ? deepText(nameEl) : el.local.endsWith('_layer') ? el.local.slice(0, -'_layer'.length) : layer;
    for (const c of el.children) {
      if (c.prefix === 'gml' && !GML_CONTAINERS.has(c.local)) continue;
      if (isLeaf(c)) continue;
      visit(c, layerHere);
    }
  };
  visit(root, undefined);
  return out;
}

/**
 * Plain-text answers: MapServer/QGIS (`Layer 'x'` / `Feature n:` / `key = 'value'`) and GeoServer
 * (`Results for FeatureType 'x':`, features separated by dashes, `key = value`).
 */
function parseTextInfo(text: string): SourceFeature[] {
  const out: SourceFeature[] = [];
  let layer: string | undefined;
  let current: SourceFeature | null = null;
  const start = () => {
    current = { layer, attrs: [] };
    out.push(current);
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    let m: RegExpExecArray | null;
    if ((m = /^Layer\s+'(.*)'\s*$/i.exec(line))) {
      layer = m[1];
      current = null;
    } else if ((m = /^Results for FeatureType\s+'(.*)':?\s*$/i.exec(line))) {
      layer = m[1];
      current = null;
    } else if (/^Feature\b.*:?\s*$/i.test(line) && !line.includes('=')) {
      start();
    } else if (/^-{3,}$/.test(line)) {
      current = null;
    } else if ((m = /^([^=]+?)\s*=\s*(.*)$/.exec(line))) {
      if (!current) start();
      const v = m[2].replace(/^'(.*)'$/, '$1');
      current!.attrs.push([m[1].trim(), v]);
    } else if (/no features were found|search returned no results|no results/i.test(line)) {
      current = null;
    }
  }
  return out.filter((f) => f.attrs.length > 0);
}
