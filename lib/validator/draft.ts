// "Vytvoriť manifest zo služby": drafts a manifest of protocol 0.1 from a service a provider already
// runs — an OGC API – Features landing page or /collections, a WFS 2.0 GetCapabilities, or an ArcGIS
// FeatureServer/MapServer. One dataset per collection / feature type / layer, with its title,
// description, a category guess, its fields with types, its coverage and a `geojson` source whose
// URL answers GeoJSON. The provider fills in the placeholders, then validates and registers as usual.
// Every request goes through lib/sources (the guarded client); a source that fails answers its code.
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { PROTOCOL_VERSION, type FieldDef, type FieldType, type Manifest, type ManifestDataset } from '@/lib/protocol/types';
import { isFetchError, safeFetch, type FetchResult } from '@/lib/sources';
import { plural } from './report';
import { childrenNamed, deepText, descendants, firstChild, parseXml, type XmlElement } from '@/lib/sources/xml';

const SERVICE_KINDS = ['ogcapi-features', 'wfs', 'arcgis'] as const;

/** Datasets drafted at most (a service with more: the first ones, and a note). */
const MAX_DRAFT_DATASETS = 50;
/** `maxFeatures` written into each drafted source. */
const DRAFT_MAX_FEATURES = 1000;

export const draftInput = z.object({
  url: z
    .string({ error: 'url is required: the address of the service.' })
    .trim()
    .min(1, 'url is required: the address of the service.')
    .max(2000)
    .meta({ format: 'uri' })
    .describe('Address of an OGC API – Features landing page or `/collections`, a WFS 2.0 GetCapabilities, or an ArcGIS FeatureServer/MapServer.'),
});

export const draftResult = z
  .object({
    kind: z.enum(SERVICE_KINDS).describe('The kind of service recognised.'),
    service: z.string().describe('The address the service was read from.'),
    manifest: z.record(z.string(), z.unknown()).describe('The drafted manifest (protocol 0.1): edit the placeholders, then validate it.'),
    notes: z.array(z.string()).describe('What the provider must fill in or check (Slovak).'),
  })
  .meta({ id: 'ManifestDraft' });
export type DraftResult = z.output<typeof draftResult>;

const PLACEHOLDER = 'DOPLŇTE';

// --------------------------------------------------------------------------------------------
// Fetching

async function get(url: string): Promise<FetchResult> {
  try {
    return await safeFetch(url, { headers: { accept: 'application/json, application/geo+json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1' } });
  } catch (e) {
    if (isFetchError(e)) throw e.toApiError();
    throw e;
  }
}

function unrecognised(url: string, why: string): ApiError {
  return new ApiError('unrecognised_service', `Not an OGC API – Features, WFS 2.0 or ArcGIS FeatureServer/MapServer service (${why}): ${url}`);
}

async function getJson(url: string): Promise<unknown> {
  const r = await get(url);
  if (r.status < 200 || r.status > 299) throw new ApiError('http_error', `The service answered HTTP ${r.status}: ${url}`);
  try {
    return JSON.parse(r.body.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw unrecognised(url, 'the answer is not JSON');
  }
}

async function getXml(url: string): Promise<XmlElement> {
  const r = await get(url);
  if (r.status < 200 || r.status > 299) throw new ApiError('http_error', `The service answered HTTP ${r.status}: ${url}`);
  try {
    return parseXml(r.body.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw unrecognised(url, 'the answer is not XML');
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

// --------------------------------------------------------------------------------------------
// Shared drafting rules

/** A protocol id (a-z, 0-9, `-`; 1-64) from any name. */
export function slugId(name: string, fallback = 'dataset'): string {
  const s = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/g, '');
  return s || fallback;
}

function uniqueIds(datasets: ManifestDataset[]): void {
  const seen = new Set<string>();
  for (const d of datasets) {
    let id = d.id;
    for (let i = 2; seen.has(id); i++) id = `${d.id.slice(0, 60)}-${i}`;
    d.id = id;
    seen.add(id);
  }
}

const CATEGORY_WORDS: Array<[string, RegExp]> = [
  ['risks', /povod|záplav|zaplav|flood|hazard|rizik|ohroz|zosuv|požiar|poziar/i],
  ['water', /vod[aynoe]|vodn|rieka|river|water|jazer|potok|studn/i],
  ['transport', /doprav|zastávk|zastavk|cest|ulic|želez|zelez|autobus|transport|road|stop|rail|parkov/i],
  ['nature', /prírod|prirod|chránen|chranen|les|strom|nature|forest|park|natura|biotop/i],
  ['energy', /energ|elektr|plyn|solár|solar|vetern/i],
  ['society', /škol|skol|zdrav|obyvat|sociál|social|kultúr|kultur|šport|sport|school|health/i],
  ['economy', /firm|podnik|hospod|ekonom|econom|trh|obchod|business/i],
  ['infrastructure', /budov|stavb|stavebn|osvetl|lamp|infra|sieť|siet|potrub|kanaliz|building/i],
  ['territory', /hranic|územ|uzem|obec|obce|okres|kraj|parcel|katast|boundar|admin|adres/i],
];

/** The first category whose words occur in the title or description; `other` when none does. */
export function guessCategory(text: string): string {
  return CATEGORY_WORDS.find(([, re]) => re.test(text))?.[0] ?? 'other';
}

function field(key: string, label: string | undefined, type: FieldType | null): FieldDef {
  return { key, label: label && label !== key ? label : key, ...(type && type !== 'string' ? { type } : {}) };
}

function validBbox(b: unknown): [number, number, number, number] | undefined {
  if (!Array.isArray(b) || b.length < 4) return undefined;
  const n = (b.length >= 6 ? [b[0], b[1], b[3], b[4]] : b.slice(0, 4)).map(Number);
  if (!n.every(Number.isFinite)) return undefined;
  const [a, c, e, f] = n;
  if (a < -180 || e > 180 || c < -90 || f > 90 || a > e || c > f) return undefined;
  return [round(a), round(c), round(e), round(f)];
}

function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function dataset(o: {
  id: string;
  title: string;
  description?: string;
  keywords?: string[];
  bbox?: [number, number, number, number];
  url: string;
  mode: 'full' | 'bbox';
  fields: FieldDef[];
}): ManifestDataset {
  const category = guessCategory(`${o.title} ${o.description ?? ''} ${(o.keywords ?? []).join(' ')}`);
  return {
    id: o.id,
    title: o.title.slice(0, 200),
    ...(o.description ? { description: o.description.slice(0, 2000) } : {}),
    category,
    ...(o.keywords?.length ? { keywords: o.keywords.slice(0, 20) } : {}),
    ...(o.bbox ? { coverage: { bbox: o.bbox } } : {}),
    source: { type: 'geojson', url: o.url, mode: o.mode, maxFeatures: DRAFT_MAX_FEATURES },
    ...(o.fields.length ? { fields: o.fields.slice(0, 100) } : {}),
  };
}

function manifestOf(serviceUrl: string, title: string | undefined, description: string | undefined, datasets: ManifestDataset[]): Manifest {
  const origin = new URL(serviceUrl);
  uniqueIds(datasets);
  return {
    protocol: PROTOCOL_VERSION,
    provider: {
      id: slugId(origin.hostname, 'poskytovatel'),
      name: title ?? origin.hostname,
      description: description ?? `Údaje zo služby ${serviceUrl}`,
      homepage: origin.origin,
    },
    license: { name: `${PLACEHOLDER}: názov licencie (napr. CC BY 4.0)`, attribution: `© ${title ?? origin.hostname}` },
    datasets,
  };
}

const COMMON_NOTES = [
  'Doplňte údaje poskytovateľa: identifikátor (provider.id), názov a kontaktný e-mail (provider.contact.email), na ktorý portál posiela správy o schválení a výpadkoch.',
  'Doplňte licenciu (license.name, license.url) a overte atribúciu; licencia musí dovoľovať ďalšie zverejnenie cez portál.',
  'Skontrolujte kategórie (odhadnuté z názvov), názvy polí a maxFeatures; potom manifest overte validátorom.',
];

// --------------------------------------------------------------------------------------------
// OGC API – Features

const JSON_SCHEMA_TYPES: Record<string, FieldType> = { string: 'string', number: 'number', integer: 'integer', boolean: 'boolean' };

function schemaFieldType(p: Record<string, unknown>): FieldType | null {
  const format = str(p.format);
  if (format === 'uri' || format === 'url') return 'url';
  if (format === 'date' || format === 'date-time') return 'date';
  const t = Array.isArray(p.type) ? p.type.find((x) => x !== 'null') : p.type;
  return typeof t === 'string' ? (JSON_SCHEMA_TYPES[t] ?? null) : null;
}

/** Fields from an OGC queryables or schema document (JSON Schema `properties`). */
function fieldsFromJsonSchema(doc: unknown): FieldDef[] {
  if (!isObject(doc) || !isObject(doc.properties)) return [];
  const out: FieldDef[] = [];
  for (const [key, p] of Object.entries(doc.properties)) {
    if (!isObject(p) || key.length > 64) continue;
    if (str(p.format)?.startsWith('geometry') || p['x-ogc-role'] === 'primary-geometry' || /^geometry$|^geom$/i.test(key)) continue;
    if (p['x-ogc-role'] === 'id') continue;
    out.push(field(key, str(p.title), schemaFieldType(p)));
  }
  return out;
}

/** The base of an OGC API (without `/collections`) and whether `/collections` itself was given. */
function ogcBase(url: URL): string {
  const u = new URL(url.href);
  u.search = '';
  u.hash = '';
  return u.href.replace(/\/+$/, '').replace(/\/collections$/, '');
}

async function draftOgc(url: URL, landing: Record<string, unknown>): Promise<DraftResult> {
  const base = ogcBase(url);
  const collectionsDoc = Array.isArray(landing.collections) ? landing : await getJson(`${base}/collections?f=json`);
  if (!isObject(collectionsDoc) || !Array.isArray(collectionsDoc.collections)) throw unrecognised(url.href, 'no collections');
  const notes = [...COMMON_NOTES];
  const all = collectionsDoc.collections.filter((c): c is Record<string, unknown> => isObject(c) && typeof c.id === 'string' && (c.itemType === undefined || c.itemType === 'feature'));
  if (all.length > MAX_DRAFT_DATASETS) notes.push(`Služba má ${all.length} kolekcií; návrh obsahuje prvých ${MAX_DRAFT_DATASETS}.`);
  const datasets: ManifestDataset[] = [];
  for (const c of all.slice(0, MAX_DRAFT_DATASETS)) {
    const id = c.id as string;
    const path = `${base}/collections/${encodeURIComponent(id)}`;
    let fields: FieldDef[] = [];
    for (const doc of ['queryables', 'schema']) {
      try {
        fields = fieldsFromJsonSchema(await getJson(`${path}/${doc}?f=json`));
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
      }
      if (fields.length) break;
    }
    const extent = isObject(c.extent) && isObject(c.extent.spatial) ? c.extent.spatial : undefined;
    const bbox = extent && Array.isArray(extent.bbox) ? validBbox(extent.bbox[0]) : undefined;
    datasets.push(
      dataset({
        id: slugId(id),
        title: str(c.title) ?? id,
        description: str(c.description),
        keywords: Array.isArray(c.keywords) ? c.keywords.filter((k): k is string => typeof k === 'string') : undefined,
        bbox,
        url: `${path}/items?f=json`,
        mode: 'bbox',
        fields,
      }),
    );
  }
  if (!datasets.length) throw unrecognised(url.href, 'no feature collections');
  notes.push(
    'Zdroje sú adresy /items služby OGC API – Features v režime bbox: služba rozumie parametrom bbox a limit. Portál posiela aj zoom; služba, ktorá neznáme parametre odmieta (OGC to dovoľuje), odpovie 400 a živý test to ukáže (/ogc tohto portálu zoom pozná). Odkazy „next“ portál nesleduje, stránkuje iba cez dm.next.',
  );
  return { kind: 'ogcapi-features', service: url.href, manifest: manifestOf(base, str(landing.title), str(landing.description), datasets) as unknown as Record<string, unknown>, notes };
}

// --------------------------------------------------------------------------------------------
// WFS 2.0

const XSD_TYPES: Record<string, FieldType> = {
  string: 'string',
  normalizedString: 'string',
  token: 'string',
  int: 'integer',
  integer: 'integer',
  long: 'integer',
  short: 'integer',
  byte: 'integer',
  nonNegativeInteger: 'integer',
  positiveInteger: 'integer',
  unsignedInt: 'integer',
  unsignedLong: 'integer',
  unsignedShort: 'integer',
  double: 'number',
  float: 'number',
  decimal: 'number',
  boolean: 'boolean',
  date: 'date',
  dateTime: 'date',
  anyURI: 'url',
};

function localName(qname: string): string {
  const i = qname.indexOf(':');
  return i < 0 ? qname : qname.slice(i + 1);
}

/** Fields of a feature type from a DescribeFeatureType schema: its complex type's elements. */
function fieldsFromXsd(schema: XmlElement, typeName: string): FieldDef[] {
  const elements = childrenNamed(schema, 'element');
  const el = elements.find((e) => e.attrs.name === localName(typeName)) ?? (elements.length === 1 ? elements[0] : undefined);
  const typeLocal = el?.attrs.type ? localName(el.attrs.type) : undefined;
  const complex = childrenNamed(schema, 'complexType').find((t) => t.attrs.name === typeLocal) ?? (el ? firstChild(el, 'complexType') : undefined);
  if (!complex) return [];
  const out: FieldDef[] = [];
  for (const e of descendants(complex, 'element')) {
    const name = e.attrs.name;
    if (!name || name.length > 64) continue;
    const type = e.attrs.type ?? '';
    if (/^gml:/.test(type) || /geometry|msGeometry/i.test(name)) continue;
    const restriction = descendants(e, 'restriction')[0]?.attrs.base;
    out.push(field(name, undefined, XSD_TYPES[localName(type || restriction || 'string')] ?? null));
  }
  return out;
}

function wfsCorner(el: XmlElement | undefined): [number, number] | undefined {
  const p = el ? deepText(el).split(/\s+/).map(Number) : [];
  return p.length >= 2 && p.every(Number.isFinite) ? [p[0], p[1]] : undefined;
}

/** The GetFeature (else any operation's) HTTP GET address from OperationsMetadata, else the service URL. */
function wfsEndpoint(caps: XmlElement, url: URL): string {
  const ops = descendants(caps, 'Operation');
  const op = ops.find((o) => o.attrs.name === 'GetFeature') ?? ops[0];
  const href = op ? descendants(op, 'Get')[0]?.attrs['xlink:href'] : undefined;
  const base = href ? new URL(href, url) : new URL(url.href);
  for (const k of [...base.searchParams.keys()]) if (/^(service|request|version|acceptversions)$/i.test(k)) base.searchParams.delete(k);
  return base.href;
}

function withQuery(endpoint: string, params: Record<string, string>): string {
  const u = new URL(endpoint);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.href;
}

/** The WFS versions the server lists (GetCapabilities' AcceptVersions, else ServiceTypeVersion). */
function wfsVersions(caps: XmlElement): Set<string> {
  const accept = descendants(caps, 'Parameter').find((p) => p.attrs.name === 'AcceptVersions');
  const listed = accept ? descendants(accept, 'Value').map(deepText) : descendants(caps, 'ServiceTypeVersion').map(deepText);
  return new Set(listed.map((v) => v.trim()));
}

/** EPSG:4326 (any spelling) or CRS84: a WFS 1.0.0 BBOX in it is longitude, latitude. */
function isWgs84Crs(crs: string): boolean {
  const c = crs.trim();
  return (/epsg/i.test(c) && /[^0-9]4326$/.test(c)) || /CRS:?84$/i.test(c);
}

/** numberMatched of a WFS 2.0 `resultType=hits` answer, or null when the server does not say. */
async function wfsHits(endpoint: string, name: string): Promise<number | null> {
  try {
    const doc = await getXml(withQuery(endpoint, { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: name, resultType: 'hits' }));
    const n = Number(doc.attrs.numberMatched);
    return Number.isInteger(n) && n >= 0 ? n : null;
  } catch (e) {
    if (e instanceof ApiError) return null;
    throw e;
  }
}

/**
 * The drafted source of one feature type. The portal appends a bare `bbox=minLon,minLat,maxLon,maxLat`
 * (no CRS; the manifest has no member to add one). WFS 2.0 reads a bare BBOX in the feature type's
 * CRS and axis order: EPSG:4326 latitude first (MapServer 8 does), so the window misses the data.
 * WFS 1.0.0 has no axis flip: its BBOX is x,y of the type's SRS, longitude first for EPSG:4326. So a
 * type whose default CRS is WGS84, on a server that speaks 1.0.0, gets a 1.0.0 GetFeature in mode
 * `bbox` (`maxFeatures` is 1.0.0's limit). Any other type is read whole (mode `full`, WFS 2.0 with
 * `count`), with a note when it holds more features than the draft's maxFeatures.
 */
async function wfsSource(endpoint: string, name: string, t: XmlElement, versions: Set<string>, notes: string[]): Promise<{ url: string; mode: 'bbox' | 'full' }> {
  const crsEl = firstChild(t, 'DefaultCRS') ?? firstChild(t, 'DefaultSRS') ?? firstChild(t, 'SRS');
  const crs = crsEl ? deepText(crsEl) : '';
  const max = String(DRAFT_MAX_FEATURES);
  if (versions.has('1.0.0') && isWgs84Crs(crs)) {
    return { url: withQuery(endpoint, { service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName: name, outputFormat: 'application/json', maxFeatures: max }), mode: 'bbox' };
  }
  const why = versions.has('1.0.0') ? `jeho predvolený súradnicový systém je ${crs || 'neuvedený'}, nie EPSG:4326` : 'server neponúka WFS 1.0.0';
  const hits = await wfsHits(endpoint, name);
  notes.push(
    `Typ ${name} je v režime full (celý naraz), lebo výrez bbox by server nečítal ako dĺžku a šírku (${why}).` +
      (hits === null
        ? ` Počet jeho objektov server neuviedol: ak ich je viac ako ${DRAFT_MAX_FEATURES}, portál dostane len prvých ${DRAFT_MAX_FEATURES} (count).`
        : hits > DRAFT_MAX_FEATURES
          ? ` Má ${plural(hits, 'objekt', 'objekty', 'objektov')}, viac ako maxFeatures ${DRAFT_MAX_FEATURES}: portál by dostal len prvých ${DRAFT_MAX_FEATURES} (count). Zvýšte maxFeatures a count (najviac 5000), alebo postavte koncový bod s režimom bbox alebo dm.next.`
          : ` Má ${plural(hits, 'objekt', 'objekty', 'objektov')}, zmestí sa do maxFeatures ${DRAFT_MAX_FEATURES}.`),
  );
  return {
    url: withQuery(endpoint, { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: name, outputFormat: 'application/json', srsName: 'EPSG:4326', count: max }),
    mode: 'full',
  };
}

async function draftWfs(url: URL, caps: XmlElement): Promise<DraftResult> {
  const endpoint = wfsEndpoint(caps, url);
  const ident = firstChild(caps, 'ServiceIdentification');
  const title = ident && firstChild(ident, 'Title') ? deepText(firstChild(ident, 'Title')!) : undefined;
  const abstract = ident && firstChild(ident, 'Abstract') ? deepText(firstChild(ident, 'Abstract')!) : undefined;
  const types = descendants(caps, 'FeatureType');
  const versions = wfsVersions(caps);
  const notes = [...COMMON_NOTES];
  if (types.length > MAX_DRAFT_DATASETS) notes.push(`Služba má ${types.length} typov objektov; návrh obsahuje prvých ${MAX_DRAFT_DATASETS}.`);
  const datasets: ManifestDataset[] = [];
  for (const t of types.slice(0, MAX_DRAFT_DATASETS)) {
    const nameEl = firstChild(t, 'Name');
    const name = nameEl ? deepText(nameEl) : '';
    if (!name) continue;
    const tTitle = firstChild(t, 'Title');
    const tAbstract = firstChild(t, 'Abstract');
    const box = firstChild(t, 'WGS84BoundingBox');
    const lo = wfsCorner(box && firstChild(box, 'LowerCorner'));
    const hi = wfsCorner(box && firstChild(box, 'UpperCorner'));
    let fields: FieldDef[] = [];
    try {
      fields = fieldsFromXsd(await getXml(withQuery(endpoint, { service: 'WFS', version: '2.0.0', request: 'DescribeFeatureType', typeNames: name })), name);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      notes.push(`Polia typu ${name} sa nepodarilo zistiť (DescribeFeatureType): doplňte fields ručne.`);
    }
    datasets.push(
      dataset({
        id: slugId(localName(name)),
        title: tTitle ? deepText(tTitle) : name,
        description: tAbstract ? deepText(tAbstract) || undefined : undefined,
        keywords: descendants(t, 'Keyword').map(deepText).filter(Boolean),
        bbox: lo && hi ? validBbox([...lo, ...hi]) : undefined,
        ...(await wfsSource(endpoint, name, t, versions, notes)),
        fields,
      }),
    );
  }
  if (!datasets.length) throw unrecognised(url.href, 'no feature types');
  notes.push(
    'Zdroje sú požiadavky GetFeature s výstupom GeoJSON (outputFormat=application/json). V režime bbox vo verzii WFS 1.0.0: tá číta bbox pri EPSG:4326 ako dĺžku a šírku, tak ako ho portál posiela (WFS 2.0 by pri EPSG:4326 čítal najprv šírku a výrez by minul dáta). Počet objektov obmedzuje maxFeatures (1.0.0) alebo count (2.0), nie limit: ak zmeníte source.maxFeatures, zmeňte ho aj v adrese. Živý test overí výrez dvoma oknami.',
  );
  return { kind: 'wfs', service: url.href, manifest: manifestOf(endpoint, title || undefined, abstract || undefined, datasets) as unknown as Record<string, unknown>, notes };
}

// --------------------------------------------------------------------------------------------
// ArcGIS FeatureServer / MapServer

const ARCGIS_SERVICE = /^(.*\/(?:FeatureServer|MapServer))(?:\/(\d+))?\/?$/i;

/** `epoch`: esriFieldTypeDate, which a query with f=geojson answers as milliseconds since 1970 (a number). */
const ESRI_TYPES: Record<string, FieldType | 'skip' | 'epoch'> = {
  esriFieldTypeString: 'string',
  esriFieldTypeGUID: 'string',
  esriFieldTypeGlobalID: 'skip',
  esriFieldTypeInteger: 'integer',
  esriFieldTypeSmallInteger: 'integer',
  esriFieldTypeBigInteger: 'integer',
  esriFieldTypeOID: 'skip',
  esriFieldTypeDouble: 'number',
  esriFieldTypeSingle: 'number',
  esriFieldTypeDate: 'epoch',
  esriFieldTypeDateOnly: 'date',
  esriFieldTypeTimestampOffset: 'date',
  esriFieldTypeGeometry: 'skip',
  esriFieldTypeBlob: 'skip',
  esriFieldTypeRaster: 'skip',
  esriFieldTypeXML: 'skip',
};

function arcgisFields(layer: Record<string, unknown>): FieldDef[] {
  if (!Array.isArray(layer.fields)) return [];
  const out: FieldDef[] = [];
  for (const f of layer.fields) {
    if (!isObject(f) || typeof f.name !== 'string' || f.name.length > 64) continue;
    const t = ESRI_TYPES[String(f.type)];
    if (t === 'skip' || /^shape[._]/i.test(f.name)) continue;
    if (t === 'epoch') {
      out.push({ ...field(f.name, str(f.alias), 'integer'), unit: 'ms', description: 'Dátum a čas ako milisekundy od 1. 1. 1970 UTC (tak ich v GeoJSON posiela ArcGIS).' });
      continue;
    }
    out.push(field(f.name, str(f.alias), t ?? null));
  }
  return out;
}

/** A layer extent in WGS84 (wkid 4326 / 4269) or Web Mercator (3857 / 102100), else undefined. */
function arcgisBbox(extent: unknown): [number, number, number, number] | undefined {
  if (!isObject(extent)) return undefined;
  const { xmin, ymin, xmax, ymax } = extent as Record<string, number>;
  const sr = isObject(extent.spatialReference) ? Number(extent.spatialReference.latestWkid ?? extent.spatialReference.wkid) : 4326;
  if (![xmin, ymin, xmax, ymax].every((v) => typeof v === 'number' && Number.isFinite(v))) return undefined;
  if (sr === 4326 || sr === 4269 || sr === 4258) return validBbox([xmin, ymin, xmax, ymax]);
  if (sr === 3857 || sr === 102100 || sr === 102113) {
    const lon = (x: number) => (x / 6378137) * (180 / Math.PI);
    const lat = (y: number) => (Math.atan(Math.sinh(y / 6378137)) * 180) / Math.PI;
    return validBbox([lon(xmin), lat(ymin), lon(xmax), lat(ymax)]);
  }
  return undefined;
}

async function draftArcgis(url: URL, serviceBase: string, onlyLayer: number | null): Promise<DraftResult> {
  const service = await getJson(`${serviceBase}?f=json`);
  if (!isObject(service) || isObject(service.error)) throw unrecognised(url.href, 'the ArcGIS service answered an error');
  const notes = [...COMMON_NOTES];
  const listed = Array.isArray(service.layers) ? service.layers.filter(isObject) : [];
  const ids = onlyLayer !== null ? [onlyLayer] : listed.filter((l) => !Array.isArray(l.subLayerIds) || l.subLayerIds.length === 0).map((l) => Number(l.id));
  if (ids.length > MAX_DRAFT_DATASETS) notes.push(`Služba má ${ids.length} vrstiev; návrh obsahuje prvých ${MAX_DRAFT_DATASETS}.`);
  const datasets: ManifestDataset[] = [];
  for (const id of ids.slice(0, MAX_DRAFT_DATASETS)) {
    if (!Number.isInteger(id)) continue;
    const layer = await getJson(`${serviceBase}/${id}?f=json`);
    if (!isObject(layer) || isObject(layer.error)) continue;
    if (layer.type !== undefined && layer.type !== 'Feature Layer') continue;
    const name = str(layer.name) ?? `vrstva ${id}`;
    datasets.push(
      dataset({
        id: slugId(name, `vrstva-${id}`),
        title: name,
        description: str(layer.description),
        bbox: arcgisBbox(layer.extent),
        url: `${serviceBase}/${id}/query?where=1%3D1&outFields=*&f=geojson`,
        mode: 'full',
        fields: arcgisFields(layer),
      }),
    );
  }
  if (!datasets.length) throw unrecognised(url.href, 'no feature layers');
  notes.push('Zdroje sú požiadavky /query s f=geojson v režime full: ArcGIS parametre bbox a limit nepozná (okno by bolo geometry, počet resultRecordCount), preto portál načíta celú vrstvu naraz. Vrstva nad maxRecordCount služby potrebuje vlastný koncový bod s dm.next.');
  return {
    kind: 'arcgis',
    service: url.href,
    manifest: manifestOf(serviceBase, str(service.documentInfo && isObject(service.documentInfo) ? service.documentInfo.Title : undefined) ?? str(service.serviceDescription) ?? serviceBase.split('/').slice(-2).join(' '), str(service.description), datasets) as unknown as Record<string, unknown>,
    notes,
  };
}

// --------------------------------------------------------------------------------------------
// Recognition

/** Drafts a manifest from the service at `url`; throws ApiError (the fetch codes, `unrecognised_service`). */
export async function draftManifest(rawUrl: string): Promise<DraftResult> {
  let url: URL;
  try {
    url = new URL(rawUrl.trim());
  } catch {
    throw new ApiError('invalid_url', `Not a URL: ${rawUrl}`);
  }
  const arc = ARCGIS_SERVICE.exec(url.pathname);
  if (arc) {
    const base = new URL(url.href);
    base.search = '';
    base.hash = '';
    base.pathname = arc[1];
    return draftArcgis(url, base.href, arc[2] === undefined ? null : Number(arc[2]));
  }
  const query = new Map([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v]));
  let target = url;
  if (query.get('service')?.toUpperCase() === 'WFS' && !query.has('request')) {
    target = new URL(url.href);
    target.searchParams.set('request', 'GetCapabilities');
  }
  const r = await get(target.href);
  if (r.status < 200 || r.status > 299) throw new ApiError('http_error', `The service answered HTTP ${r.status}: ${target.href}`);
  const text = r.body.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<')) {
    let root: XmlElement | null = null;
    try {
      root = parseXml(text);
    } catch {
      root = null;
    }
    if (root?.local === 'WFS_Capabilities') return draftWfs(target, root);
    // An OGC API answering HTML to this request: ask for its JSON.
    if (!query.has('f') && /html/i.test(r.headers['content-type'] ?? '')) {
      const json = new URL(url.href);
      json.searchParams.set('f', 'json');
      const doc = await getJson(json.href);
      if (isObject(doc) && (Array.isArray(doc.collections) || Array.isArray(doc.links))) return draftOgc(url, doc);
    }
    throw unrecognised(url.href, root ? `XML root ${root.name}` : 'the answer is neither JSON nor XML');
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw unrecognised(url.href, 'the answer is neither JSON nor XML');
  }
  if (isObject(doc) && Array.isArray(doc.collections)) return draftOgc(url, doc);
  if (isObject(doc) && Array.isArray(doc.links) && doc.links.some((l) => isObject(l) && l.rel === 'data')) return draftOgc(url, doc);
  throw unrecognised(url.href, 'no collections, feature types or layers');
}
