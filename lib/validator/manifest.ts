// Static manifest check: the JSON Schema plus every rule of the spec's "Manifest findings" table
// and the consistency rules a schema cannot express (reported as schema_custom).
import { checkParamDefault } from '@/lib/protocol/request';
import { checkOutboundUrl } from '@/lib/sources';
import { CATEGORIES, PRESENTATION_TYPES, PROTOCOL_MAJOR, PROTOCOL_VERSION, USE_CASES } from '@/lib/protocol/types';
import { buildReport, FindingList } from './report';
import { suggestCategory, suggestUseCase } from './suggest';
import { validateManifestSchema } from './schema';
import type { Report } from './report';

import { arr, isObj, num, str, type Obj } from './json';

const NUMERIC_FIELD_TYPES = new Set(['number', 'integer']);

export function checkManifest(input: unknown): Report {
  const errors = new FindingList(50);
  const warnings = new FindingList(50);

  // Another major version may be shaped differently altogether: say so, and nothing else.
  if (isObj(input) && typeof input.protocol === 'string') {
    const m = /^(\d+)\.(\d+)$/.exec(input.protocol);
    if (m && Number(m[1]) !== PROTOCOL_MAJOR) {
      errors.add(
        'protocol',
        'unsupported_version',
        `Protokol ${input.protocol} nie je podporovaný; portál pozná verziu ${PROTOCOL_VERSION}.`,
        `Prepíšte manifest podľa protokolu ${PROTOCOL_VERSION} a nastavte "protocol": "${PROTOCOL_VERSION}".`,
      );
      return buildReport('Manifest', errors.items, []);
    }
  }

  errors.push(...validateManifestSchema(input));
  if (!isObj(input)) return buildReport('Manifest', errors.items, warnings.items);

  const provider = isObj(input.provider) ? input.provider : undefined;
  const managedByPortal = provider?.managedBy === 'portal';
  if (provider && !str(provider.homepage)) {
    warnings.add('provider/homepage', 'missing_website', 'Chýba webová stránka poskytovateľa.', 'Doplňte provider.homepage, aby používatelia vedeli, kto dáta vydáva.');
  }

  const datasets = arr(input.datasets);
  if (!isObj(input.license) && datasets.some((d) => isObj(d) && !isObj(d.license))) {
    warnings.add(
      'license',
      'missing_license',
      'Chýba licencia: portál nevie, za akých podmienok smie dáta zobrazovať a ako ich uviesť.',
      'Doplňte license s name, url a attribution (na úrovni manifestu alebo datasetu).',
    );
  }

  const seenIds = new Map<string, number>();
  datasets.forEach((ds, i) => {
    if (!isObj(ds)) return;
    const p = `datasets/${i}`;
    const id = str(ds.id);
    if (id !== undefined) {
      const first = seenIds.get(id);
      if (first !== undefined) errors.add(`${p}/id`, 'schema_custom', `Identifikátor datasetu "${id}" sa opakuje (prvý výskyt datasets/${first}).`);
      else seenIds.set(id, i);
    }
    checkDataset(ds, p, managedByPortal, errors, warnings);
  });

  return buildReport('Manifest', errors.items, warnings.items);
}

function checkDataset(ds: Obj, p: string, managedByPortal: boolean, errors: FindingList, warnings: FindingList): void {
  const source = isObj(ds.source) ? ds.source : undefined;
  const isRaster = source?.type === 'raster';
  const isGeojson = source?.type === 'geojson';
  const presentation = isObj(ds.presentation) ? ds.presentation : undefined;
  const ptype = str(presentation?.type);
  const coverage = isObj(ds.coverage) ? ds.coverage : undefined;

  // Findability.
  if (!str(ds.description)) {
    warnings.add(`${p}/description`, 'missing_description', 'Dataset nemá popis, ťažšie sa hľadá.', 'Dve-tri vety o tom, čo dataset obsahuje a odkiaľ pochádza.');
  }
  if (arr(ds.keywords).length === 0) {
    warnings.add(`${p}/keywords`, 'missing_keywords', 'Dataset nemá kľúčové slová, ťažšie sa hľadá.', 'Doplňte slová a synonymá, ktorými ho ľudia hľadajú.');
  }
  if (arr(ds.useCases).length === 0) {
    warnings.add(
      `${p}/useCases`,
      'missing_use_cases',
      'Dataset nemá useCases, portál ho neponúkne pri otázkach podľa účelu.',
      'Napr. construction, housing, land-purchase, agriculture, investment, transport, tourism, business, public-administration.',
    );
  }
  const category = str(ds.category);
  if (category === undefined) {
    warnings.add(`${p}/category`, 'missing_category', 'Dataset nemá kategóriu, v katalógu skončí v "other".', `Použite jednu z: ${CATEGORIES.join(', ')}.`);
  } else if (!(CATEGORIES as readonly string[]).includes(category)) {
    const meant = suggestCategory(category);
    warnings.add(
      `${p}/category`,
      'unknown_category',
      `Neznáma kategória "${category}", v katalógu skončí v "other".`,
      meant ? `Nemysleli ste "${meant}"? Odporúčané hodnoty: ${CATEGORIES.join(', ')}.` : `Použite jednu z: ${CATEGORIES.join(', ')}.`,
    );
  }
  // Other use cases are allowed; one that looks like a misspelt recommended value is pointed out.
  arr(ds.useCases).forEach((u, k) => {
    if (typeof u !== 'string' || (USE_CASES as readonly string[]).includes(u)) return;
    const meant = suggestUseCase(u);
    if (!meant) return;
    warnings.add(
      `${p}/useCases/${k}`,
      'unknown_use_case',
      `Účel "${u}" nie je medzi odporúčanými; otázky podľa účelu "${meant}" dataset neponúknu.`,
      `Nemysleli ste "${meant}"? Odporúčané hodnoty: ${USE_CASES.join(', ')}.`,
    );
  });

  // Display-only is a portal-side extension.
  if (ds.displayOnly === true && !managedByPortal) {
    warnings.add(
      `${p}/displayOnly`,
      'display_only_ignored',
      'displayOnly platí len pre manifesty spravované portálom (provider.managedBy "portal"); tu sa ignoruje.',
    );
  }

  // Coverage and zoom ranges.
  const bbox = arr(coverage?.bbox);
  if (bbox.length === 4 && bbox.every((v) => typeof v === 'number')) {
    const [minLon, minLat, maxLon, maxLat] = bbox as number[];
    if (minLon > maxLon) errors.add(`${p}/coverage/bbox/2`, 'schema_custom', 'coverage.bbox: maxLon je menšia ako minLon (poradie je [minLon, minLat, maxLon, maxLat]).');
    if (minLat > maxLat) errors.add(`${p}/coverage/bbox/3`, 'schema_custom', 'coverage.bbox: maxLat je menšia ako minLat (poradie je [minLon, minLat, maxLon, maxLat]).');
  }
  checkZoomOrder(coverage, `${p}/coverage`, errors);
  if (isRaster) checkZoomOrder(source, `${p}/source`, errors);

  // Source and presentation.
  if (isGeojson) checkSourceUrl(source, `${p}/source/url`, errors);
  if (isGeojson && source?.mode === 'bbox') {
    if (!isObj(coverage) || !Array.isArray(coverage.bbox)) {
      warnings.add(`${p}/coverage`, 'missing_coverage', 'Dataset v režime bbox nemá coverage.bbox.', 'Bez neho portál nevie, kde dáta sú, a pýta sa ich aj mimo územia.');
    }
    if (num(coverage?.minZoom) === undefined && num(source.maxFeatures) === undefined) {
      warnings.add(
        `${p}/source`,
        'bbox_unbounded',
        'Dataset v režime bbox nemá coverage.minZoom ani source.maxFeatures: pri malom priblížení môže prísť obrovská odpoveď.',
        'Nastavte coverage.minZoom (napr. 10) alebo source.maxFeatures.',
      );
    }
  }
  if (isRaster && presentation && ptype !== undefined && ptype !== 'raster') {
    warnings.add(`${p}/presentation/type`, 'raster_without_raster_presentation', `Rastrový zdroj sa vždy kreslí ako raster, typ "${ptype}" sa ignoruje.`, 'Nastavte presentation.type na "raster".');
  }
  if (ptype !== undefined && !(PRESENTATION_TYPES as readonly string[]).includes(ptype)) {
    warnings.add(
      `${p}/presentation/type`,
      'unknown_presentation_type',
      `Neznámy typ zobrazenia "${ptype}", portál ho nakreslí ako auto.`,
      `Známe typy: ${PRESENTATION_TYPES.join(', ')}.`,
    );
  }

  // Fields and the properties the presentation refers to.
  const fields = arr(ds.fields).filter(isObj);
  if (isGeojson && fields.length === 0) {
    warnings.add(`${p}/fields`, 'missing_field', 'Dataset nepopisuje vlastnosti (fields): detail objektu ukáže surové názvy vlastností.', 'Pre každú vlastnosť uveďte key, label, typ a jednotku.');
  }
  const fieldTypes = new Map<string, string>();
  fields.forEach((f, j) => {
    const key = str(f.key);
    if (key === undefined) return;
    if (fieldTypes.has(key)) errors.add(`${p}/fields/${j}/key`, 'schema_custom', `Vlastnosť "${key}" je vo fields popísaná viackrát.`);
    fieldTypes.set(key, str(f.type) ?? 'string');
  });
  if (presentation) checkPresentation(presentation, `${p}/presentation`, fields.length > 0 ? fieldTypes : null, errors, warnings);

  checkParams(ds, p, errors, warnings);
}

/**
 * An absolute source URL the portal's outbound client would refuse (plain http, a private address,
 * credentials) is an error already in the static check: the live test would only say so later.
 * Relative URLs resolve against the manifest's address, checked by the live test.
 */
function checkSourceUrl(source: Obj, p: string, errors: FindingList): void {
  const url = str(source.url);
  if (url === undefined || !/^[a-z][a-z0-9+.-]*:/i.test(url)) return;
  const refusal = checkOutboundUrl(url);
  if (!refusal) return;
  if (refusal.code === 'https_required') {
    errors.add(
      p,
      'https_required',
      `Zdroj dát ${url} nie je na HTTPS; portál číta zdroje len cez HTTPS.`,
      'Zverejnite endpoint cez https:// (napr. s certifikátom Let’s Encrypt) a uveďte túto adresu.',
    );
  } else {
    errors.add(
      p,
      'invalid_url',
      `Portál sa na adresu zdroja ${url} nepripojí (${refusal.message}).`,
      'Použite verejnú adresu https bez mena a hesla, na porte 443 alebo 1024–65535.',
    );
  }
}

function checkZoomOrder(o: Obj | undefined, p: string, errors: FindingList): void {
  const min = num(o?.minZoom);
  const max = num(o?.maxZoom);
  if (min !== undefined && max !== undefined && min > max) errors.add(`${p}/maxZoom`, 'schema_custom', `maxZoom (${max}) je menší ako minZoom (${min}).`);
}

function checkPresentation(pr: Obj, p: string, fieldTypes: Map<string, string> | null, errors: FindingList, warnings: FindingList): void {
  // Property references: [path, key, must be numeric].
  const refs: Array<[string, string, boolean]> = [];
  const label = str(pr.label);
  if (label !== undefined) refs.push([`${p}/label`, label, false]);
  if (pr.type === 'heatmap' && str(pr.weight) !== undefined) refs.push([`${p}/weight`, str(pr.weight)!, true]);
  const color = isObj(pr.color) ? pr.color : undefined;
  if (color) {
    const field = str(color.field);
    const numeric = color.type === 'interpolate' || color.type === 'step';
    if (field !== undefined && (numeric || color.type === 'categorical')) refs.push([`${p}/color/field`, field, numeric]);
    if (numeric) {
      const stops = arr(color.stops);
      for (let k = 1; k < stops.length; k++) {
        const prev = arr(stops[k - 1])[0];
        const cur = arr(stops[k])[0];
        if (typeof prev === 'number' && typeof cur === 'number' && cur <= prev) {
          errors.add(`${p}/color/stops/${k}/0`, 'schema_custom', `Zlomy farby musia byť vzostupne: ${cur} nasleduje po ${prev}.`);
        }
      }
    }
  }
  if (!fieldTypes) return; // without `fields` at all, missing_field already says it
  for (const [path, key, numeric] of refs) {
    const type = fieldTypes.get(key);
    if (type === undefined) {
      warnings.add(path, 'field_not_described', `Zobrazenie používa vlastnosť "${key}", ktorá nie je popísaná vo fields.`, `Doplňte do fields položku s key "${key}".`);
    } else if (numeric && !NUMERIC_FIELD_TYPES.has(type)) {
      warnings.add(path, 'field_not_number', `Zobrazenie farbí podľa číselnej hodnoty "${key}", ale fields ju uvádza ako typ "${type}".`, 'Nastavte type na number alebo integer, alebo farbite kategoricky.');
    }
  }
}

function checkParams(ds: Obj, p: string, errors: FindingList, warnings: FindingList): void {
  const params = arr(ds.params);
  const byKey = new Map<string, { param: Obj; index: number }>();
  params.forEach((param, j) => {
    if (!isObj(param)) return;
    const pp = `${p}/params/${j}`;
    const key = str(param.key);
    if (key !== undefined) {
      if (byKey.has(key)) errors.add(`${pp}/key`, 'schema_custom', `Parameter "${key}" je definovaný viackrát.`);
      else byKey.set(key, { param, index: j });
    }
    const options = arr(param.options).filter(isObj);
    const values = new Set<string>();
    options.forEach((o, k) => {
      const v = str(o.value);
      if (v === undefined) return;
      if (values.has(v)) errors.add(`${pp}/options/${k}/value`, 'schema_custom', `Voľba "${v}" sa opakuje.`);
      values.add(v);
    });
    const min = param.min;
    const max = param.max;
    if (param.type === 'date-range') {
      for (const [k, v] of [['min', min], ['max', max]] as const) {
        if (v !== undefined && (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v))) {
          errors.add(`${pp}/${k}`, 'schema_custom', `${k} parametra typu date-range musí byť dátum RRRR-MM-DD.`);
        }
      }
    } else if (param.type === 'range' || param.type === 'number') {
      for (const [k, v] of [['min', min], ['max', max]] as const) {
        if (v !== undefined && typeof v !== 'number') errors.add(`${pp}/${k}`, 'schema_custom', `${k} parametra typu ${String(param.type)} musí byť číslo.`);
      }
    }
    if ((typeof min === 'number' && typeof max === 'number' && min > max) || (typeof min === 'string' && typeof max === 'string' && min > max)) {
      errors.add(`${pp}/max`, 'schema_custom', `max (${String(max)}) je menšie ako min (${String(min)}).`);
    }
    // A default can only be judged once the parameter itself is well-formed.
    const typeOk = ['enum', 'multi-enum', 'range', 'date-range', 'number', 'text'].includes(String(param.type));
    const needsOptions = param.type === 'enum' || param.type === 'multi-enum';
    if (param.default !== undefined && typeOk && (!needsOptions || options.length > 0)) {
      const checked = checkParamDefault(param as never);
      if (checked && !checked.ok) {
        errors.add(`${pp}/default`, 'invalid_default', `Predvolená hodnota parametra "${key ?? j}" nezodpovedá jeho typu alebo voľbám: ${checked.reason}.`);
      }
    }
  });

  const temporal = isObj(ds.temporal) ? ds.temporal : undefined;
  const timeKey = str(temporal?.param);
  if (timeKey === undefined) return;
  const hit = byKey.get(timeKey);
  if (!hit) {
    errors.add(`${p}/temporal/param`, 'time_param_missing', `temporal.param odkazuje na parameter "${timeKey}", ktorý v params nie je.`);
    return;
  }
  const { param, index } = hit;
  if (param.type !== 'range' && param.type !== 'date-range') {
    errors.add(
      `${p}/temporal/param`,
      'time_param_type',
      `Časový parameter "${timeKey}" musí byť typu range (roky) alebo date-range, nie "${String(param.type)}".`,
    );
  } else if (param.type === 'range' && (param.min === undefined || param.max === undefined)) {
    warnings.add(
      `${p}/params/${index}`,
      'time_param_no_range',
      `Časový parameter "${timeKey}" nemá min a max: portál nevie, aké obdobie ponúknuť v časovom filtri.`,
      'Doplňte min a max (napr. prvý a posledný rok údajov).',
    );
  }
}
