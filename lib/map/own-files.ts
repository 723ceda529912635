// A person's own files on the map (KML, KMZ, GPX, GeoJSON): read in the browser and never sent to
// the server. KML and GPX by @tmcw/togeojson over the browser's DOMParser, KMZ unzipped by fflate;
// a file that cannot be read throws an OwnFileError with a Slovak message. Loaded on demand.
import { gpx, kml } from '@tmcw/togeojson';
import { strFromU8, unzipSync } from 'fflate';
import turfBbox from '@turf/bbox';

type OwnFileKind = 'KML' | 'KMZ' | 'GPX' | 'GeoJSON';

export interface OwnFile {
  id: string;
  name: string;
  kind: OwnFileKind;
  data: GeoJSON.FeatureCollection;
  /** Features with a geometry. */
  count: number;
  color: string;
  bbox: [number, number, number, number];
}

/** What the file picker offers. */
export const OWN_FILE_ACCEPT = '.kml,.kmz,.gpx,.geojson,.json,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/gpx+xml,application/geo+json';
/** Larger files are refused before reading (a browser tab has its limits). */
const MAX_OWN_FILE_BYTES = 50 * 1024 * 1024;
/** Colours of successive files: distinct from each other and from the portal's quiet basemap. */
const COLORS = ['#d81b60', '#5e35b1', '#00897b', '#f4511e', '#3949ab', '#7cb342'];

export class OwnFileError extends Error {}

function kindOf(name: string): OwnFileKind | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return ({ kml: 'KML', kmz: 'KMZ', gpx: 'GPX', geojson: 'GeoJSON', json: 'GeoJSON' } as const)[ext as 'kml'] ?? null;
}

function xml(name: string, text: string, kind: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length) throw new OwnFileError(`Súbor „${name}“ sa nedá prečítať: nie je platný ${kind} (chyba v XML).`);
  return doc;
}

function geojson(name: string, text: string): GeoJSON.FeatureCollection {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new OwnFileError(`Súbor „${name}“ sa nedá prečítať: nie je platný GeoJSON (chyba v JSON).`);
  }
  const v = value as { type?: unknown; features?: unknown; geometry?: unknown; coordinates?: unknown; geometries?: unknown };
  if (v?.type === 'FeatureCollection' && Array.isArray(v.features)) return value as GeoJSON.FeatureCollection;
  if (v?.type === 'Feature') return { type: 'FeatureCollection', features: [value as GeoJSON.Feature] };
  if (typeof v?.type === 'string' && (Array.isArray(v.coordinates) || Array.isArray(v.geometries))) {
    return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: value as GeoJSON.Geometry }] };
  }
  throw new OwnFileError(`Súbor „${name}“ nie je GeoJSON (chýba FeatureCollection, Feature alebo geometria).`);
}

function kmzText(name: string, bytes: Uint8Array): string {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch {
    throw new OwnFileError(`Súbor „${name}“ sa nedá prečítať: nie je platný archív KMZ.`);
  }
  const names = Object.keys(entries).filter((n) => n.toLowerCase().endsWith('.kml'));
  const main = names.find((n) => n.toLowerCase() === 'doc.kml') ?? names[0];
  if (!main) throw new OwnFileError(`Archív KMZ „${name}“ neobsahuje súbor KML.`);
  return strFromU8(entries[main]);
}

/** Reads one file; `index` picks its colour. */
export function readOwnFile(name: string, bytes: Uint8Array, index: number): OwnFile {
  const kind = kindOf(name);
  if (!kind) throw new OwnFileError(`Súbor „${name}“ nie je KML, KMZ, GPX ani GeoJSON.`);
  if (bytes.byteLength > MAX_OWN_FILE_BYTES) throw new OwnFileError(`Súbor „${name}“ je príliš veľký (najviac ${MAX_OWN_FILE_BYTES / 1024 / 1024} MB).`);
  const text = kind === 'KMZ' ? kmzText(name, bytes) : strFromU8(bytes);
  let data: GeoJSON.FeatureCollection;
  if (kind === 'GPX') data = gpx(xml(name, text, 'GPX')) as GeoJSON.FeatureCollection;
  else if (kind === 'GeoJSON') data = geojson(name, text);
  else data = kml(xml(name, text, 'KML')) as GeoJSON.FeatureCollection;
  const features = data.features.filter((f) => f && f.geometry);
  if (!features.length) throw new OwnFileError(`Súbor „${name}“ neobsahuje žiadne objekty s polohou.`);
  const collection: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features };
  const [w, s, e, n] = turfBbox(collection);
  if (![w, s, e, n].every(Number.isFinite) || w < -180 || e > 180 || s < -90 || n > 90) {
    throw new OwnFileError(`Súbor „${name}“ nemá súradnice v stupňoch WGS84 (GeoJSON musí byť v EPSG:4326).`);
  }
  return { id: `${Date.now().toString(36)}-${index}-${name}`, name, kind, data: collection, count: features.length, color: COLORS[index % COLORS.length], bbox: [w, s, e, n] };
}

/** The title an own feature shows in "Čo je tu?": its name or the file's. */
export function ownFeatureTitle(f: GeoJSON.Feature, file: Pick<OwnFile, 'name'>): string {
  const p = f.properties ?? {};
  for (const k of ['name', 'Name', 'NAME', 'title', 'nazov', 'názov']) if (typeof p[k] === 'string' && p[k]) return p[k] as string;
  return file.name;
}
