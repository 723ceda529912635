// Static data check: the data schema plus every rule of the spec's "Data findings" table; with a
// dataset, also the consistency of the data with that dataset's manifest entry. One linear pass.
import { growBbox, SLOVAKIA_BBOX, type Bbox } from '@/lib/protocol/shared/geo';
import { MAX_FEATURES, type ManifestDataset } from '@/lib/protocol/types';
import { buildReport, FindingList } from './report';
import { joinPath, validateDataSchema, validateDatasetSchema } from './schema';
import type { Report } from './report';

import { arr, isObj, str, type Obj } from './json';

/** Where data of a Slovak portal is expected when the dataset does not say (swap detection): Slovakia and 0.03° around. */
const EXPECTED_AREA: Bbox = growBbox(SLOVAKIA_BBOX, 0.03);

const POINT_TYPES = new Set(['Point', 'MultiPoint']);
const LINE_TYPES = new Set(['LineString', 'MultiLineString']);
const AREA_TYPES = new Set(['Polygon', 'MultiPolygon']);

/** Geometry types each presentation draws (others are not shown or shown wrongly). */
const PRESENTATION_GEOMETRIES: Record<string, Set<string>> = {
  circle: POINT_TYPES,
  symbol: POINT_TYPES,
  heatmap: POINT_TYPES,
  fill: AREA_TYPES,
  line: new Set([...LINE_TYPES, ...AREA_TYPES]),
};

const GEOMETRY_NAMES: Record<string, string> = { Point: 'body', MultiPoint: 'body', LineString: 'línie', MultiLineString: 'línie', Polygon: 'plochy', MultiPolygon: 'plochy' };

function inside(b: Bbox, x: number, y: number): boolean {
  return x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3];
}

function intersects(a: Bbox, b: Bbox): boolean {
  return a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];
}

/** Stats of one feature's positions gathered while walking them. */
interface GeometryWalk {
  box: Bbox | null;
  first: [number, number] | null;
}

/**
 * Walks the positions of a geometry: reports out-of-range coordinates and unclosed rings and
 * returns its bounding box and first position.
 */
function walkGeometry(g: Obj, gp: string, errors: FindingList): GeometryWalk {
  const box: Bbox = [Infinity, Infinity, -Infinity, -Infinity];
  let first: [number, number] | null = null;
  let rangeReported = false;
  const visit = (pos: unknown, path: string) => {
    if (!Array.isArray(pos) || typeof pos[0] !== 'number' || typeof pos[1] !== 'number') return;
    const [x, y] = pos as [number, number];
    if (!first) first = [x, y];
    if (!rangeReported && (x < -180 || x > 180 || y < -90 || y > 90)) {
      rangeReported = true; // one finding per feature is enough to find the problem
      const which = x < -180 || x > 180 ? 0 : 1;
      errors.add(
        `${path}/${which}`,
        'coordinates_out_of_range',
        `Súradnica [${x}, ${y}] je mimo WGS84 (zemepisná dĺžka -180..180, šírka -90..90).`,
        'Dáta musia byť vo WGS84 (EPSG:4326) v poradí [lon, lat]; nie v S-JTSK ani Web Mercatore.',
      );
    }
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  };
  const ring = (r: unknown, path: string) => {
    const positions = arr(r);
    positions.forEach((pos, k) => visit(pos, `${path}/${k}`));
    const a = positions[0];
    const b = positions[positions.length - 1];
    if (positions.length >= 2 && Array.isArray(a) && Array.isArray(b) && (a[0] !== b[0] || a[1] !== b[1])) {
      errors.add(path, 'unclosed_polygon', 'Prstenec polygónu nie je uzavretý: posledný bod sa musí rovnať prvému.');
    }
  };
  const c = g.coordinates;
  const cp = `${gp}/coordinates`;
  switch (g.type) {
    case 'Point':
      visit(c, cp);
      break;
    case 'MultiPoint':
    case 'LineString':
      arr(c).forEach((pos, k) => visit(pos, `${cp}/${k}`));
      break;
    case 'MultiLineString':
      arr(c).forEach((line, l) => arr(line).forEach((pos, k) => visit(pos, `${cp}/${l}/${k}`)));
      break;
    case 'Polygon':
      arr(c).forEach((r, k) => ring(r, `${cp}/${k}`));
      break;
    case 'MultiPolygon':
      arr(c).forEach((poly, m) => arr(poly).forEach((r, k) => ring(r, `${cp}/${m}/${k}`)));
      break;
  }
  return { box: Number.isFinite(box[0]) ? box : null, first };
}

type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'date' | 'url';

const FIELD_TYPE_NAMES: Record<FieldType, string> = {
  string: 'string (text)',
  number: 'number (číslo)',
  integer: 'integer (celé číslo)',
  boolean: 'boolean (true/false)',
  date: 'date (dátum ISO 8601)',
  url: 'url (adresa http/https)',
};

const FIELD_TYPE_HINTS: Record<FieldType, string> = {
  string: 'Hodnota textovej vlastnosti musí byť text, číslo alebo true/false, nie pole ani objekt (mapa ich nevie zobraziť).',
  number: 'Posielajte čísla ako čísla JSON bez úvodzoviek (12.5, nie "12,5" ani "áno"), alebo zmeňte type vo fields na string.',
  integer: 'Posielajte celé čísla ako čísla JSON bez úvodzoviek, alebo zmeňte type vo fields na number či string.',
  boolean: 'Posielajte true alebo false (nie "áno"/"nie" ani 0/1), alebo zmeňte type vo fields na string.',
  date: 'Posielajte dátum podľa ISO 8601 ako text: RRRR-MM-DD, prípadne s časom (2024-05-31T12:00:00Z).',
  url: 'Posielajte absolútnu adresu začínajúcu https:// (alebo http://).',
};

const ISO_DATE = /^\d{4}(-\d{2}(-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/;

/** Whether a property value fits the type `fields[].type` declares (null and absent values always do). */
function fitsFieldType(v: unknown, type: FieldType): boolean {
  switch (type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'date':
      return typeof v === 'string' && ISO_DATE.test(v) && !Number.isNaN(Date.parse(v.length === 4 ? `${v}-01-01` : v.length === 7 ? `${v}-01` : v));
    case 'url':
      return typeof v === 'string' && /^https?:\/\/[^\s]+$/i.test(v);
    default:
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  }
}

/** The fields of a dataset with their declared types (type omitted = string). */
function typedFieldsOf(ds: ManifestDataset | undefined): Map<string, FieldType> {
  const out = new Map<string, FieldType>();
  for (const f of arr(ds?.fields)) {
    if (!isObj(f) || typeof f.key !== 'string') continue;
    const type = str(f.type) ?? 'string';
    if (type in FIELD_TYPE_NAMES && !out.has(f.key)) out.set(f.key, type as FieldType);
  }
  return out;
}

function preview(v: unknown): string {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/**
 * How many located features of a collection lie outside `window` (their bounding box does not meet
 * it): the live test's check that a `bbox` source filters by the bbox it was asked for.
 */
export function featuresOutside(data: unknown, window: Bbox): { located: number; outside: number; first: number } {
  const out = { located: 0, outside: 0, first: -1 };
  if (!isObj(data) || !Array.isArray(data.features)) return out;
  const scratch = new FindingList(0);
  data.features.forEach((f, i) => {
    if (!isObj(f) || !isObj(f.geometry)) return;
    const { box } = walkGeometry(f.geometry, '', scratch);
    if (!box) return;
    out.located++;
    if (!intersects(box, window)) {
      out.outside++;
      if (out.first < 0) out.first = i;
    }
  });
  return out;
}

/** Properties a presentation reads: [path in the dataset, property key]. */
function presentationProperties(ds: ManifestDataset): Array<{ key: string; what: string }> {
  const pr = ds.presentation as Obj | undefined;
  if (!isObj(pr)) return [];
  const out: Array<{ key: string; what: string }> = [];
  const color = isObj(pr.color) ? pr.color : undefined;
  if (color && typeof color.field === 'string' && color.type !== 'trend') out.push({ key: color.field, what: 'farba (color.field)' });
  if (typeof pr.label === 'string') out.push({ key: pr.label, what: 'popisok (label)' });
  if (pr.type === 'heatmap' && typeof pr.weight === 'string') out.push({ key: pr.weight, what: 'váha (weight)' });
  return out;
}

function checkChart(chart: unknown, p: string, errors: FindingList): void {
  if (!isObj(chart)) return;
  const points = arr(chart.points);
  for (let k = 1; k < points.length; k++) {
    const a = str(isObj(points[k - 1]) ? (points[k - 1] as Obj).period : undefined);
    const b = str(isObj(points[k]) ? (points[k] as Obj).period : undefined);
    if (a !== undefined && b !== undefined && b <= a) {
      errors.add(`${p}/points/${k}/period`, 'schema_custom', `Body grafu musia ísť od najstaršieho obdobia: "${b}" nasleduje po "${a}".`);
      break;
    }
  }
  const hl = isObj(chart.highlight) ? chart.highlight : undefined;
  const from = str(hl?.from);
  const to = str(hl?.to);
  if (from !== undefined && to !== undefined && from > to) {
    errors.add(`${p}/highlight/to`, 'schema_custom', `Zvýraznené obdobie končí ("${to}") skôr, ako začína ("${from}").`);
  }
}

export interface DataCheckOptions {
  /** The `limit` the data was requested with (default: the dataset's maxFeatures, else 5000). */
  limit?: number;
  /**
   * The data is the source's answer to a request that carried `limit` (the live test): more features
   * than that is the error `max_features_exceeded`. Without it (a pasted collection) it is the
   * spec's recommendation `too_many_features`.
   */
  answersLimit?: boolean;
}

/**
 * Checks a data response alone or, with `dataset`, against that dataset of a manifest. Paths point
 * into the data document; findings about the dataset object itself are prefixed `dataset/`.
 */
export function checkData(data: unknown, dataset?: ManifestDataset | unknown, opts: DataCheckOptions = {}): Report {
  const errors = new FindingList(20);
  const warnings = new FindingList(20);

  let ds: ManifestDataset | undefined;
  if (dataset !== undefined && dataset !== null) {
    errors.push(...validateDatasetSchema(dataset, 'dataset'));
    // A dataset with schema errors still informs the checks wherever its parts are usable.
    if (isObj(dataset)) ds = dataset as unknown as ManifestDataset;
  }

  errors.push(...validateDataSchema(data));
  if (!isObj(data) || !Array.isArray(data.features)) return buildReport('Dáta', errors.items, warnings.items);

  const features = data.features;
  const dm = isObj(data.dm) ? data.dm : undefined;
  const pr = ds && isObj(ds.presentation) ? (ds.presentation as unknown as Obj) : undefined;
  const ptype = str(pr?.type);
  const color = pr && isObj(pr.color) ? pr.color : undefined;
  const colorType = str(color?.type);
  const expectedGeometries = ptype ? PRESENTATION_GEOMETRIES[ptype] : undefined;
  const coverageBox = arr(isObj(ds?.coverage) ? (ds!.coverage as Obj).bbox : undefined);
  const coverage: Bbox | null = coverageBox.length === 4 && coverageBox.every((v) => typeof v === 'number') ? (coverageBox as Bbox) : null;
  const reference = coverage ?? EXPECTED_AREA;
  const timeParam = typeof ds?.temporal?.param === 'string';
  const wantsCharts = colorType === 'trend' || ((colorType === 'interpolate' || colorType === 'step') && timeParam);

  const fieldKeys = arr(ds?.fields)
    .map((f) => (isObj(f) ? str(f.key) : undefined))
    .filter((k): k is string => k !== undefined);
  const presProps = ds ? presentationProperties(ds) : [];
  const typedFields = typedFieldsOf(ds);
  const typeMismatch = new Map<string, { count: number; first: number; value: unknown }>();
  const seenField = new Set<string>();
  const presMissing = new Map<string, { count: number; first: number }>();

  let missingId = 0;
  let firstMissingId = -1;
  let emptyGeom = 0;
  let firstEmpty = -1;
  let mismatch = 0;
  let firstMismatch = -1;
  let mismatchType = '';
  let withoutChart = 0;
  let firstWithoutChart = -1;
  let located = 0;
  let swapped = 0;
  let firstSwapped = -1;
  let outside = 0;
  let firstOutside = -1;

  features.forEach((f, i) => {
    if (!isObj(f)) return;
    const fp = `features/${i}`;
    if (f.id === undefined || f.id === null || f.id === '') {
      missingId++;
      if (firstMissingId < 0) firstMissingId = i;
    }
    const props = isObj(f.properties) ? f.properties : {};
    for (const k of fieldKeys) if (!seenField.has(k) && k in props) seenField.add(k);
    for (const [key, type] of typedFields) {
      const v = props[key];
      if (v === undefined || v === null || fitsFieldType(v, type)) continue;
      const m = typeMismatch.get(key);
      if (m) m.count++;
      else typeMismatch.set(key, { count: 1, first: i, value: v });
    }
    for (const { key } of presProps) {
      if (props[key] === undefined || props[key] === null) {
        const m = presMissing.get(key) ?? { count: 0, first: i };
        m.count++;
        presMissing.set(key, m);
      }
    }
    const fdm = isObj(f.dm) ? f.dm : undefined;
    if (fdm?.chart !== undefined) checkChart(fdm.chart, `${fp}/dm/chart`, errors);
    if (wantsCharts && !isObj(fdm?.chart)) {
      withoutChart++;
      if (firstWithoutChart < 0) firstWithoutChart = i;
    }

    if (f.geometry === null) {
      emptyGeom++;
      if (firstEmpty < 0) firstEmpty = i;
      return;
    }
    if (!isObj(f.geometry)) return;
    const g = f.geometry;
    const gtype = str(g.type);
    if (expectedGeometries && gtype && GEOMETRY_NAMES[gtype] && !expectedGeometries.has(gtype)) {
      mismatch++;
      if (firstMismatch < 0) [firstMismatch, mismatchType] = [i, gtype];
    }
    const walk = walkGeometry(g, `${fp}/geometry`, errors);
    if (walk.first && walk.box) {
      located++;
      const [x, y] = walk.first;
      if (!inside(reference, x, y) && inside(reference, y, x)) {
        swapped++;
        if (firstSwapped < 0) firstSwapped = i;
      }
      if (coverage && !intersects(walk.box, coverage)) {
        outside++;
        if (firstOutside < 0) firstOutside = i;
      }
    }
  });

  // Per-collection findings, most useful first.
  const fromDataset = ds?.source && ds.source.type === 'geojson' ? ds.source.maxFeatures : undefined;
  const limit = Math.min(opts.limit ?? fromDataset ?? MAX_FEATURES, MAX_FEATURES);
  if (features.length > limit && opts.answersLimit) {
    errors.add(
      'features',
      'max_features_exceeded',
      `Zdroj poslal ${features.length} objektov, hoci portál žiadal najviac ${limit} (parameter limit${fromDataset !== undefined ? ' = source.maxFeatures' : ''}).`,
      'Vráťte najviac limit objektov; keď ich je viac, pošlite dm.truncated: true, dm.total a dm.next (kurzor ďalšej strany), alebo zvýšte maxFeatures (najviac 5000).',
    );
  } else if (features.length > limit) {
    warnings.add(
      'features',
      'too_many_features',
      `Odpoveď má ${features.length} objektov, viac ako limit ${limit}.`,
      'Rešpektujte parameter limit; keď je objektov viac, pošlite dm.truncated: true, dm.total a prípadne dm.next.',
    );
  }
  for (const [key, m] of typeMismatch) {
    const type = typedFields.get(key)!;
    errors.add(
      `features/${m.first}/properties/${joinPath('', key)}`,
      'field_type_mismatch',
      `Vlastnosť "${key}" má podľa fields typ ${FIELD_TYPE_NAMES[type]}, ale ${m.count} z ${features.length} objektov má inú hodnotu (prvá: ${preview(m.value)}).`,
      FIELD_TYPE_HINTS[type],
    );
  }
  if (located > 0 && swapped === located) {
    errors.add(
      `features/${firstSwapped}/geometry/coordinates`,
      'coordinates_swapped',
      `Všetky objekty (${located}) ležia mimo ${coverage ? 'pokrytia datasetu (coverage.bbox)' : 'Slovenska'}, no po výmene súradníc by ležali v ňom: súradnice sú v poradí [lat, lon].`,
      'GeoJSON má poradie [zemepisná dĺžka, zemepisná šírka], napr. Bratislava [17.11, 48.15]; vymeňte ich.',
    );
  } else if (swapped > 0 && swapped * 2 > located) {
    warnings.add(
      `features/${firstSwapped}/geometry/coordinates`,
      'swapped_coordinates',
      `Súradnice ${swapped} z ${located} objektov vyzerajú ako [lat, lon].`,
      'GeoJSON má poradie [zemepisná dĺžka, zemepisná šírka], napr. Bratislava [17.11, 48.15].',
    );
  } else if (coverage && outside * 2 > located && located > 0) {
    warnings.add(
      `features/${firstOutside}/geometry`,
      'outside_coverage',
      `${outside} z ${located} objektov leží mimo coverage.bbox datasetu.`,
      'Skontrolujte súradnicový systém dát alebo opravte coverage.bbox v manifeste.',
    );
  }
  if (mismatch > 0) {
    warnings.add(
      `features/${firstMismatch}/geometry/type`,
      'geometry_presentation_mismatch',
      `${mismatch} objektov má geometriu ${mismatchType} (${GEOMETRY_NAMES[mismatchType]}), ktorá sa k zobrazeniu "${ptype}" nehodí.`,
      ptype === 'fill' ? 'Plochy kreslite typom fill, línie typom line, body typom circle alebo symbol.' : 'Zvoľte zobrazenie podľa geometrie alebo použite auto.',
    );
  }
  if (emptyGeom > 0) {
    warnings.add(`features/${firstEmpty}/geometry`, 'empty_geometry', `${emptyGeom} objektov má geometry: null; portál ich preskočí.`);
  }
  if (missingId > 0) {
    warnings.add(
      `features/${firstMissingId}/id`,
      'missing_id',
      `${missingId} z ${features.length} objektov nemá id.`,
      'Stabilné id umožňuje odkazovať na objekt a spájať ho medzi odpoveďami.',
    );
  }
  if (features.length > 0) {
    for (const k of fieldKeys) {
      if (!seenField.has(k)) {
        warnings.add(`features/0/properties/${joinPath('', k)}`, 'field_missing_in_data', `Vlastnosť "${k}" z fields manifestu sa v dátach nevyskytuje.`, 'Opravte key vo fields alebo doplňte vlastnosť do dát.');
      }
    }
    for (const { key, what } of presProps) {
      const m = presMissing.get(key);
      if (m) {
        warnings.add(
          `features/${m.first}/properties/${joinPath('', key)}`,
          'missing_presentation_property',
          `Vlastnosť "${key}", ktorú zobrazenie používa ako ${what}, chýba v ${m.count} z ${features.length} objektov.`,
          'Také objekty dostanú predvolenú farbu alebo zostanú bez popisku.',
        );
      }
    }
  }
  if (withoutChart > 0) {
    if (colorType === 'trend') {
      warnings.add(
        `features/${firstWithoutChart}/dm/chart`,
        'trend_without_chart',
        `Dataset farbí podľa trendu, ale ${withoutChart} z ${features.length} objektov nemá dm.chart; zostanú sivé.`,
        'Trend sa počíta z dm.chart objektu; pošlite ho pri každom objekte.',
      );
    } else {
      warnings.add(
        `features/${firstWithoutChart}/dm/chart`,
        'missing_trend_chart',
        `Dataset farbí podľa hodnoty za obdobie zvolené parametrom, ale ${withoutChart} z ${features.length} objektov nemá dm.chart.`,
        'S dm.chart ukáže detail objektu vývoj hodnoty a zmenu za zvolené obdobie.',
      );
    }
  }
  if (timeParam && !Array.isArray(dm?.timeline) && !isObj(dm?.chart)) {
    warnings.add(
      'dm',
      'missing_time_series',
      'Dataset má časový parameter (temporal.param), ale odpoveď neposiela dm.timeline ani dm.chart.',
      'Časový filter portálu ukazuje graf z dm.timeline (počty objektov za obdobia) alebo z dm.chart.',
    );
  }
  if (dm?.chart !== undefined) checkChart(dm.chart, 'dm/chart', errors);
  const timeline = arr(dm?.timeline);
  for (let k = 1; k < timeline.length; k++) {
    const a = str(isObj(timeline[k - 1]) ? (timeline[k - 1] as Obj).period : undefined);
    const b = str(isObj(timeline[k]) ? (timeline[k] as Obj).period : undefined);
    if (a !== undefined && b !== undefined && b <= a) {
      errors.add(`dm/timeline/${k}/period`, 'schema_custom', `Položky dm.timeline musia ísť od najstaršieho obdobia: "${b}" nasleduje po "${a}".`);
      break;
    }
  }

  return buildReport('Dáta', errors.items, warnings.items);
}
