// From a raster dataset's tile template to the service request that tells what is at a point.
// MapLibre draws rasters from templates; the same services answer point queries when they are
// WMS (GetMap -> GetFeatureInfo) or ArcGIS REST (MapServer export/tile -> identify, ImageServer
// exportImage/tile -> identify with the raster class table). Plain XYZ images answer nothing.

/** One query parameter as written in the template (key case kept: some servers care). */
export interface TemplateParam {
  key: string;
  value: string;
}

export interface WmsQuerySpec {
  kind: 'wms';
  /** Template URL without its query. */
  base: string;
  /** The template's parameters, minus the placeholders the point query replaces. */
  params: TemplateParam[];
  version: '1.1.1' | '1.3.0';
  /** `EPSG:3857` (or an alias) or `EPSG:4326` / `CRS:84`. */
  crs: string;
  layers: string;
  styles: string;
}

export interface ArcGisMapQuerySpec {
  kind: 'arcgis-map';
  /** `.../MapServer` */
  serviceUrl: string;
  /** The identify `layers` value derived from the export's `layers`. */
  layers: string;
  /** Layers the export hides: identify cannot exclude them, so their results are dropped. */
  hiddenLayerIds: number[];
  /** Parameters copied from the export (layerDefs, time, gdbVersion, token-free vendor ones). */
  extra: TemplateParam[];
}

export interface ArcGisImageQuerySpec {
  kind: 'arcgis-image';
  /** `.../ImageServer` */
  serviceUrl: string;
  /** mosaicRule, renderingRule, time copied from the export. */
  extra: TemplateParam[];
}

interface NoQuerySpec {
  kind: 'none';
  /** Why not (Slovak, shown as the result's notice). */
  reason: string;
}

export type PointQuerySpec = WmsQuerySpec | ArcGisMapQuerySpec | ArcGisImageQuerySpec | NoQuerySpec;

const IMAGE_ONLY_NOTICE = 'Dlaždice tohto datasetu sú iba obrázky; zdroj neposkytuje hodnoty v bode.';

const MERCATOR_CODES = ['EPSG:3857', 'EPSG:900913', 'EPSG:102100', 'EPSG:102113', 'EPSG:3785', 'OSGEO:41001'];
const GEOGRAPHIC_CODES = ['EPSG:4326', 'CRS:84'];

export function isMercator(crs: string): boolean {
  return MERCATOR_CODES.includes(crs.toUpperCase());
}

/** Splits a template into base and parameters without touching the `{...}` placeholders. */
function splitTemplate(template: string): { base: string; params: TemplateParam[] } {
  const q = template.indexOf('?');
  if (q < 0) return { base: template, params: [] };
  const base = template.slice(0, q);
  const params: TemplateParam[] = [];
  for (const part of template.slice(q + 1).split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const rawKey = eq < 0 ? part : part.slice(0, eq);
    const rawValue = eq < 0 ? '' : part.slice(eq + 1);
    params.push({ key: safeDecode(rawKey), value: safeDecode(rawValue) });
  }
  return { base, params };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function getParam(params: TemplateParam[], key: string): string | undefined {
  const k = key.toLowerCase();
  return params.find((p) => p.key.toLowerCase() === k)?.value;
}

function withoutParams(params: TemplateParam[], keys: string[]): TemplateParam[] {
  const drop = new Set(keys.map((k) => k.toLowerCase()));
  return params.filter((p) => !drop.has(p.key.toLowerCase()));
}

/** Builds a URL from a base and parameters (encoded). */
export function buildUrl(base: string, params: TemplateParam[]): string {
  if (!params.length) return base;
  const qs = params.map((p) => `${encodeURIComponent(p.key)}=${encodeURIComponent(p.value)}`).join('&');
  return `${base}?${qs}`;
}

function wmsSpec(base: string, params: TemplateParam[]): PointQuerySpec {
  const request = getParam(params, 'request') ?? '';
  if (request && request.toLowerCase() !== 'getmap') {
    return { kind: 'none', reason: IMAGE_ONLY_NOTICE };
  }
  const layers = getParam(params, 'layers') ?? '';
  if (!layers) return { kind: 'none', reason: 'Šablóna WMS neuvádza vrstvy (LAYERS); dopyt v bode nie je možný.' };
  const versionRaw = getParam(params, 'version');
  const crsRaw = getParam(params, 'crs') ?? getParam(params, 'srs');
  const version: '1.1.1' | '1.3.0' = versionRaw?.startsWith('1.1') ? '1.1.1' : versionRaw ? '1.3.0' : getParam(params, 'srs') ? '1.1.1' : '1.3.0';
  const crs = (crsRaw ?? 'EPSG:3857').toUpperCase();
  if (!isMercator(crs) && !GEOGRAPHIC_CODES.includes(crs)) {
    return { kind: 'none', reason: `Služba WMS v súradnicovom systéme ${crs} nie je podporovaná pre dopyt v bode.` };
  }
  return {
    kind: 'wms',
    base,
    params: withoutParams(params, [
      'service', 'request', 'version', 'bbox', 'width', 'height', 'format', 'transparent', 'bgcolor',
      'query_layers', 'info_format', 'feature_count', 'i', 'j', 'x', 'y', 'layers', 'styles', 'crs', 'srs',
      'exceptions', 'tiled',
    ]),
    version,
    crs,
    layers,
    styles: getParam(params, 'styles') ?? '',
  };
}

function arcgisLayers(exportLayers: string | undefined): { layers: string; hidden: number[] } {
  if (!exportLayers) return { layers: 'visible', hidden: [] };
  const m = /^\s*(show|hide|include|exclude)\s*:\s*([\d,\s]*)$/i.exec(exportLayers);
  if (!m) return { layers: 'visible', hidden: [] };
  const ids = m[2].split(',').map((s) => s.trim()).filter(Boolean).map(Number).filter(Number.isInteger);
  const op = m[1].toLowerCase();
  if (op === 'show') return { layers: ids.length ? `all:${ids.join(',')}` : 'visible', hidden: [] };
  if (op === 'hide' || op === 'exclude') return { layers: 'visible', hidden: ids };
  return { layers: 'visible', hidden: [] };
}

const ARCGIS_RE = /^(.*\/(MapServer|ImageServer))\/(export|exportImage|tile\/.*)$/i;

/** The point query a raster dataset's tile templates allow (the first template that allows one). */
export function pointQueryFor(tiles: string[]): PointQuerySpec {
  let fallback: NoQuerySpec | null = null;
  for (const template of tiles) {
    const spec = pointQueryForTemplate(template);
    if (spec.kind !== 'none') return spec;
    fallback ??= spec;
  }
  return fallback ?? { kind: 'none', reason: IMAGE_ONLY_NOTICE };
}

function pointQueryForTemplate(template: string): PointQuerySpec {
  const { base, params } = splitTemplate(template);
  const service = getParam(params, 'service')?.toLowerCase();
  const request = getParam(params, 'request')?.toLowerCase();
  if (service === 'wms' || (service === undefined && request === 'getmap')) return wmsSpec(base, params);
  const m = ARCGIS_RE.exec(base);
  if (m) {
    const serviceUrl = m[1];
    const kind = m[2].toLowerCase();
    const op = m[3].toLowerCase();
    if (kind === 'mapserver' && (op === 'export' || op.startsWith('tile/'))) {
      const { layers, hidden } = arcgisLayers(getParam(params, 'layers'));
      const extra = params.filter((p) => ['layerdefs', 'time', 'gdbversion', 'historicmoment'].includes(p.key.toLowerCase()));
      return { kind: 'arcgis-map', serviceUrl, layers, hiddenLayerIds: hidden, extra };
    }
    if (kind === 'imageserver' && (op === 'exportimage' || op.startsWith('tile/'))) {
      const extra = params.filter((p) => ['mosaicrule', 'renderingrule', 'time'].includes(p.key.toLowerCase()));
      return { kind: 'arcgis-image', serviceUrl, extra };
    }
  }
  return { kind: 'none', reason: IMAGE_ONLY_NOTICE };
}

/** Whether the dataset's tiles can answer a point query at all (for automatic selection). */
export function canQueryPoint(tiles: string[]): boolean {
  return pointQueryFor(tiles).kind !== 'none';
}
