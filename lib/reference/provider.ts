// The built-in provider `sk-uzemie`: the portal's own Slovak reference data served over the
// ordinary provider protocol (manifest + GeoJSON endpoints), so the map, nearby and summaries work
// with no internet. The Next routes under /poskytovatelia/sk-uzemie/ and the in-process fetch
// (lib/sources) both call handleReferenceProviderRequest.
// Raw SQL (postgres.js): PostGIS GeoJSON output and areas (ST_AsGeoJSON, ST_Area).
import { LRUCache } from 'lru-cache';
import { getSql } from '../db';
import { env } from '../env';
import { ApiError } from '../errors';
import { pageOf, parseDataRequest, serveProvider, type ProviderAnswer } from '../protocol/serve';
import { SLOVAKIA_BBOX } from '../protocol/shared/geo';
import { PROTOCOL_VERSION, type DataCollection, type DataFeature, type Manifest, type ManifestDataset } from '../protocol/types';
import { boundarySource, type BoundarySource } from './boundary-source';
import { currentReferenceDigest } from './import';

/** The built-in provider of the reference data (lib/providers/built-in.ts lists the built-ins). */
export const REFERENCE_PROVIDER_ID = 'sk-uzemie';
/** Where it lives on the portal's own origin: `manifest.json` and `data/<dataset>`. */
export const REFERENCE_PROVIDER_PATH = `/poskytovatelia/${REFERENCE_PROVIDER_ID}`;

const CENSUS_DATE = '2021-01-01';
const GKU_DATE = '2019-04-30';
/** Cadastral territories are drawn from this zoom on (at the overview of Slovakia they are a blur). */
const CADASTRAL_MIN_ZOOM = 10;

function attribution(b: BoundarySource): string {
  const boundaries = b.attribution.replace(/^Hranice:/, 'hranice:');
  return `Zdroj: Štatistický úrad SR, SODB 2021; ${boundaries}; Register adries MV SR`;
}

function licenseName(b: BoundarySource): string {
  return b.vintage === 'gku-2019'
    ? 'Otvorené údaje ŠÚ SR, MV SR a ÚGKK SR (CC BY 4.0)'
    : 'Otvorené údaje ŠÚ SR a MV SR (CC BY 4.0); hranice obcí bez uvedenej licencie';
}

/** The `ukazovatel` parameter of `obce`: which census indicator colours the cartogram. */
const INDICATORS = {
  obyvatelia: { label: 'Počet obyvateľov', unit: 'obyv.', decimals: 0 },
  hustota: { label: 'Hustota obyvateľstva', unit: 'obyv./km²', decimals: 1 },
  'podiel-65': { label: 'Podiel obyvateľov vo veku 65 a viac rokov', unit: '%', decimals: 1 },
  'podiel-deti': { label: 'Podiel detí vo veku 0 – 14 rokov', unit: '%', decimals: 1 },
} as const;
type Indicator = keyof typeof INDICATORS;

const PERCENTILE_COLORS: Array<[number, string]> = [
  [0, '#fff5eb'],
  [25, '#fdd0a2'],
  [50, '#fd8d3c'],
  [75, '#d94801'],
  [100, '#7f2704'],
];

function datasetUrl(base: string, id: string): string {
  return `${base}${REFERENCE_PROVIDER_PATH}/data/${id}`;
}

/**
 * The manifest (protocol 0.1) of the built-in reference provider; source URLs are absolute on
 * `baseUrl`. The cadastral territories are offered when the reference data has them.
 */
export function referenceProviderManifest(baseUrl: string, boundaries: BoundarySource = boundarySource()): Manifest {
  const base = baseUrl.replace(/\/+$/, '');
  const gku = boundaries.vintage === 'gku-2019';
  const boundaryNote = gku ? ' Hranice a rozloha podľa katastra (ÚGKK SR, stav 30. 4. 2019).' : '';
  const common = {
    category: 'territory',
    coverage: { bbox: SLOVAKIA_BBOX, area: 'Slovensko' },
    temporal: { updated: CENSUS_DATE, frequency: 'raz za 10 rokov (sčítanie)' },
  } satisfies Partial<ManifestDataset>;
  const datasets: ManifestDataset[] = [
    {
      id: 'obce',
      title: 'Obce a mestské časti – obyvateľstvo (SODB 2021)',
      description:
        'Kartogram 2 927 obcí, miest, mestských častí Bratislavy a Košíc a vojenských obvodov s počtom obyvateľov zo sčítania 2021. Parameter „ukazovateľ“ volí, čo určuje farbu: počet obyvateľov, hustota, podiel seniorov 65+ alebo podiel detí 0 – 14 rokov; farba zodpovedá percentilu obce v poradí podľa zvoleného ukazovateľa.' +
        boundaryNote,
      ...common,
      keywords: ['obce', 'obec', 'mestá', 'mestské časti', 'obyvatelia', 'počet obyvateľov', 'sčítanie 2021', 'SODB', 'hustota', 'seniori', 'deti', 'demografia', 'hranice obcí'],
      useCases: ['public-administration', 'investment', 'business', 'housing'],
      source: { type: 'geojson', url: datasetUrl(base, 'obce'), mode: 'full', maxFeatures: 3000 },
      presentation: {
        type: 'fill',
        color: { type: 'interpolate', field: 'percentil', stops: PERCENTILE_COLORS, default: '#cccccc' },
        opacity: 0.75,
        outlineColor: '#ffffff',
        outlineWidth: 0.3,
      },
      fields: [
        { key: 'nazov', label: 'Obec' },
        { key: 'kod', label: 'Kód obce' },
        { key: 'okres', label: 'Okres' },
        { key: 'kraj', label: 'Kraj' },
        { key: 'obyvatelia', label: 'Počet obyvateľov (2021)', type: 'integer', unit: 'obyv.' },
        { key: 'rozloha', label: 'Rozloha', type: 'number', unit: 'km²', decimals: 2 },
        { key: 'hustota', label: 'Hustota obyvateľstva', type: 'number', unit: 'obyv./km²', decimals: 1 },
        { key: 'podiel_65', label: 'Podiel obyvateľov 65+', type: 'number', unit: '%', decimals: 1 },
        { key: 'podiel_deti', label: 'Podiel detí 0 – 14', type: 'number', unit: '%', decimals: 1 },
        { key: 'ukazovatel', label: 'Zvolený ukazovateľ' },
        { key: 'hodnota', label: 'Hodnota ukazovateľa', type: 'number', decimals: 1 },
        {
          key: 'percentil',
          label: 'Percentil podľa ukazovateľa',
          type: 'number',
          unit: '%',
          decimals: 0,
          description: 'Podiel obcí s nižšou hodnotou zvoleného ukazovateľa (0 = najnižšia, 100 = najvyššia).',
        },
      ],
      params: [
        {
          key: 'ukazovatel',
          label: 'Ukazovateľ',
          type: 'enum',
          default: 'obyvatelia',
          options: (Object.keys(INDICATORS) as Indicator[]).map((value) => ({ value, label: INDICATORS[value].label })),
          description: 'Čo určuje farbu obce.',
        },
      ],
    },
    {
      id: 'okresy',
      title: 'Okresy – obyvateľstvo (SODB 2021)',
      description: `Hranice 79 okresov Slovenska s počtom obyvateľov zo sčítania 2021, rozlohou a hustotou.${boundaryNote}`,
      ...common,
      keywords: ['okresy', 'okres', 'hranice okresov', 'obyvatelia', 'sčítanie 2021', 'LAU 1'],
      useCases: ['public-administration', 'business'],
      source: { type: 'geojson', url: datasetUrl(base, 'okresy'), mode: 'full', maxFeatures: 100 },
      presentation: {
        type: 'fill',
        color: {
          type: 'interpolate',
          field: 'obyvatelia',
          stops: [
            [15000, '#f7fbff'],
            [60000, '#6baed6'],
            [160000, '#08306b'],
          ],
        },
        opacity: 0.6,
        outlineColor: '#08306b',
        outlineWidth: 1,
        label: 'nazov',
      },
      fields: [
        { key: 'nazov', label: 'Okres' },
        { key: 'kod', label: 'Kód okresu' },
        { key: 'kraj', label: 'Kraj' },
        { key: 'obyvatelia', label: 'Počet obyvateľov (2021)', type: 'integer', unit: 'obyv.' },
        { key: 'rozloha', label: 'Rozloha', type: 'number', unit: 'km²', decimals: 1 },
        { key: 'hustota', label: 'Hustota obyvateľstva', type: 'number', unit: 'obyv./km²', decimals: 1 },
        { key: 'pocet_obci', label: 'Počet obcí', type: 'integer' },
      ],
    },
    {
      id: 'kraje',
      title: 'Kraje – obyvateľstvo (SODB 2021)',
      description: `Hranice 8 samosprávnych krajov s počtom obyvateľov zo sčítania 2021, rozlohou a hustotou.${boundaryNote}`,
      ...common,
      keywords: ['kraje', 'kraj', 'VÚC', 'samosprávne kraje', 'hranice krajov', 'obyvatelia', 'NUTS 3'],
      useCases: ['public-administration'],
      source: { type: 'geojson', url: datasetUrl(base, 'kraje'), mode: 'full', maxFeatures: 10 },
      presentation: {
        type: 'fill',
        color: {
          type: 'interpolate',
          field: 'obyvatelia',
          stops: [
            [550000, '#edf8e9'],
            [700000, '#74c476'],
            [830000, '#006d2c'],
          ],
        },
        opacity: 0.5,
        outlineColor: '#00441b',
        outlineWidth: 1.5,
        label: 'nazov',
      },
      fields: [
        { key: 'nazov', label: 'Kraj' },
        { key: 'kod', label: 'Kód kraja (NUTS 3)' },
        { key: 'obyvatelia', label: 'Počet obyvateľov (2021)', type: 'integer', unit: 'obyv.' },
        { key: 'rozloha', label: 'Rozloha', type: 'number', unit: 'km²', decimals: 0 },
        { key: 'hustota', label: 'Hustota obyvateľstva', type: 'number', unit: 'obyv./km²', decimals: 1 },
        { key: 'pocet_obci', label: 'Počet obcí', type: 'integer' },
      ],
    },
    {
      id: 'mesta',
      title: 'Mestá nad 10 000 obyvateľov',
      description:
        '69 miest s viac ako 10 000 obyvateľmi podľa sčítania 2021 (Bratislava a Košice ako celok) ako body; veľkosť mesta vyjadruje farba.',
      ...common,
      keywords: ['mestá', 'mesto', 'veľké mestá', 'sídla', 'obyvatelia', 'sčítanie 2021'],
      useCases: ['business', 'investment', 'transport', 'tourism'],
      source: { type: 'geojson', url: datasetUrl(base, 'mesta'), mode: 'full', maxFeatures: 100 },
      presentation: {
        type: 'circle',
        color: {
          type: 'step',
          field: 'obyvatelia',
          default: '#fcbba1',
          stops: [
            [20000, '#fb6a4a'],
            [50000, '#cb181d'],
            [100000, '#67000d'],
          ],
        },
        radius: 7,
        outlineColor: '#ffffff',
        outlineWidth: 1,
        label: 'nazov',
      },
      fields: [
        { key: 'nazov', label: 'Mesto' },
        { key: 'kod', label: 'Kód obce' },
        { key: 'okres', label: 'Okres' },
        { key: 'kraj', label: 'Kraj' },
        { key: 'obyvatelia', label: 'Počet obyvateľov (2021)', type: 'integer', unit: 'obyv.' },
        { key: 'rozloha', label: 'Rozloha', type: 'number', unit: 'km²', decimals: 1 },
      ],
    },
  ];
  if (boundaries.cadastralTerritories) {
    datasets.push({
      id: 'katastralne-uzemia',
      title: 'Katastrálne územia',
      description:
        'Hranice 3 559 katastrálnych území Slovenska (stav 30. 4. 2019) s kódom a názvom katastrálneho územia a obcou, do ktorej patrí. Katastrálne územie spolu s číslom parcely určuje pozemok v katastri nehnuteľností (list vlastníctva, katastrálna mapa). Na mape od priblíženia 10.',
      category: 'territory',
      coverage: { bbox: SLOVAKIA_BBOX, area: 'Slovensko', minZoom: CADASTRAL_MIN_ZOOM },
      temporal: { updated: GKU_DATE, frequency: 'pri zmene hraníc' },
      keywords: [
        'katastrálne územie',
        'katastrálne územia',
        'k. ú.',
        'kataster',
        'kataster nehnuteľností',
        'katastrálna mapa',
        'parcela',
        'pozemok',
        'list vlastníctva',
        'hranice katastrálnych území',
        'GKÚ',
        'ÚGKK',
      ],
      useCases: ['land-purchase', 'construction', 'housing', 'agriculture', 'public-administration'],
      license: {
        name: 'Otvorené údaje ÚGKK SR (CC BY 4.0)',
        url: 'https://creativecommons.org/licenses/by/4.0/',
        attribution: 'Katastrálne územia: ÚGKK SR / GKÚ Bratislava (ZBGIS), stav 30. 4. 2019',
      },
      source: { type: 'geojson', url: datasetUrl(base, 'katastralne-uzemia'), mode: 'full', maxFeatures: 4000 },
      presentation: {
        type: 'fill',
        color: '#807dba',
        opacity: 0.08,
        outlineColor: '#54278f',
        outlineWidth: 1,
        label: 'nazov',
      },
      fields: [
        { key: 'nazov', label: 'Katastrálne územie' },
        { key: 'kod', label: 'Kód katastrálneho územia' },
        { key: 'obec', label: 'Obec' },
        { key: 'kod_obce', label: 'Kód obce' },
        { key: 'okres', label: 'Okres' },
        { key: 'kraj', label: 'Kraj' },
        { key: 'rozloha', label: 'Výmera', type: 'number', unit: 'km²', decimals: 2 },
      ],
    });
  }
  return {
    protocol: PROTOCOL_VERSION,
    provider: {
      id: REFERENCE_PROVIDER_ID,
      name: 'Územie Slovenska (referenčné údaje portálu)',
      description: `Referenčné údaje, ktoré portál obsahuje priamo: obce, okresy a kraje s hranicami a výsledkami sčítania obyvateľov 2021, mestá nad 10 000 obyvateľov${
        boundaries.cadastralTerritories ? ' a katastrálne územia' : ''
      }. Fungujú aj bez pripojenia na internet.`,
      homepage: `${base}/`,
      managedBy: 'portal',
    },
    license: {
      name: licenseName(boundaries),
      url: 'https://creativecommons.org/licenses/by/4.0/',
      attribution: attribution(boundaries),
    },
    datasets,
  };
}

// ---------------------------------------------------------------------------------------------
// Data endpoints

/**
 * Polygons are served as imported, not simplified, with the source's 6 decimals (0.1 m): nearby,
 * summaries and the point lookups (lib/places/locate.ts) then put a point in the same municipality
 * or cadastral territory (the 2019 municipalities are 3.5 MB of GeoJSON this way).
 */
const COORD_DECIMALS = 6;

const DATASET_IDS = ['obce', 'okresy', 'kraje', 'mesta', 'katastralne-uzemia'] as const;
type DatasetId = (typeof DATASET_IDS)[number];

function feature(id: string, geometry: string, properties: Record<string, unknown>, title: string): DataFeature {
  return { type: 'Feature', id, geometry: JSON.parse(geometry), properties, dm: { title } };
}

const pct = (part: number | null, whole: number | null) =>
  part !== null && whole ? Math.round((1000 * part) / whole) / 10 : null;
const per = (n: number | null, area: number | null) => (n !== null && area ? Math.round((10 * n) / area) / 10 : null);
const round = (x: number | null, d: number) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);

async function municipalityFeatures(indicator: Indicator): Promise<DataFeature[]> {
  const sql = await getSql();
  const rows = await sql<
    { code: string; name: string; district: string | null; region: string; population: number | null; young: number | null; old: number | null; area: number | null; geom: string }[]
  >`
    select m.code, m.name, d.name as district, r.name as region, m.population, m.population_0_14 as young,
      m.population_65_plus as old, m.area_km2 as area,
      ST_AsGeoJSON(m.geom, ${COORD_DECIMALS}) as geom
    from municipalities m
    left join districts d on d.code = m.district_code
    join regions r on r.code = m.region_code
    where m.kind = 'municipality'
    order by m.code`;
  const value = (r: (typeof rows)[number]): number | null => {
    switch (indicator) {
      case 'obyvatelia':
        return r.population;
      case 'hustota':
        return per(r.population, r.area);
      case 'podiel-65':
        return pct(r.old, r.population);
      case 'podiel-deti':
        return pct(r.young, r.population);
    }
  };
  // Percentile rank: the share of municipalities with a lower value (ties share the lower rank).
  const values = rows.map(value);
  const sorted = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  const rank = (v: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    return sorted.length > 1 ? Math.round((100 * lo) / (sorted.length - 1)) : 0;
  };
  return rows.map((r, i) =>
    feature(
      r.code,
      r.geom,
      {
        nazov: r.name,
        kod: r.code,
        okres: r.district,
        kraj: r.region,
        obyvatelia: r.population,
        rozloha: round(r.area, 2),
        hustota: per(r.population, r.area),
        podiel_65: pct(r.old, r.population),
        podiel_deti: pct(r.young, r.population),
        ukazovatel: INDICATORS[indicator].label,
        hodnota: values[i],
        percentil: values[i] === null ? null : rank(values[i]!),
      },
      r.name,
    ),
  );
}

async function unitFeatures(level: 'okresy' | 'kraje'): Promise<DataFeature[]> {
  const sql = await getSql();
  const rows =
    level === 'okresy'
      ? await sql<{ code: string; name: string; region: string | null; population: number; n: number; area: number; geom: string }[]>`
          select d.code, 'okres ' || d.name as name, r.name as region,
            coalesce(sum(m.population), 0)::int as population, count(m.code)::int as n,
            coalesce(d.area_km2, ST_Area(d.geom::geography) / 1e6) as area,
            ST_AsGeoJSON(d.geom, ${COORD_DECIMALS}) as geom
          from districts d join regions r on r.code = d.region_code
          left join municipalities m on m.district_code = d.code and m.kind = 'municipality'
          group by d.code, r.name order by d.code`
      : await sql<{ code: string; name: string; region: string | null; population: number; n: number; area: number; geom: string }[]>`
          select g.code, g.name, null as region,
            coalesce(sum(m.population), 0)::int as population, count(m.code)::int as n,
            coalesce(g.area_km2, ST_Area(g.geom::geography) / 1e6) as area,
            ST_AsGeoJSON(g.geom, ${COORD_DECIMALS}) as geom
          from regions g left join municipalities m on m.region_code = g.code and m.kind = 'municipality'
          group by g.code order by g.code`;
  return rows.map((r) =>
    feature(
      r.code,
      r.geom,
      {
        nazov: r.name,
        kod: r.code,
        ...(level === 'okresy' ? { kraj: r.region } : {}),
        obyvatelia: r.population,
        rozloha: round(r.area, 1),
        hustota: per(r.population, r.area),
        pocet_obci: r.n,
      },
      r.name,
    ),
  );
}

async function townFeatures(): Promise<DataFeature[]> {
  const sql = await getSql();
  const rows = await sql<{ code: string; name: string; district: string | null; region: string; population: number; area: number; geom: string }[]>`
    select m.code, m.name, d.name as district, r.name as region, m.population, m.area_km2 as area,
      ST_AsGeoJSON(m.label_point, 5) as geom
    from municipalities m left join districts d on d.code = m.district_code join regions r on r.code = m.region_code
    where m.over_ten_thousand order by m.population desc`;
  return rows.map((r) =>
    feature(
      r.code,
      r.geom,
      {
        nazov: r.name,
        kod: r.code,
        okres: r.district ?? (r.name === 'Bratislava' ? 'Bratislava I – V' : 'Košice I – IV'),
        kraj: r.region,
        obyvatelia: r.population,
        rozloha: round(r.area, 1),
      },
      r.name,
    ),
  );
}

async function cadastralFeatures(): Promise<DataFeature[]> {
  const sql = await getSql();
  const rows = await sql<
    { code: string; name: string; muni: string; muni_code: string; district: string | null; region: string; area: number | null; geom: string }[]
  >`
    select k.code, k.name, m.name as muni, m.code as muni_code, d.name as district, r.name as region,
      k.area_km2 as area, ST_AsGeoJSON(k.geom, ${COORD_DECIMALS}) as geom
    from cadastral_territories k
    join municipalities m on m.code = k.municipality_code
    left join districts d on d.code = m.district_code
    join regions r on r.code = m.region_code
    order by k.code`;
  return rows.map((r) =>
    feature(
      r.code,
      r.geom,
      {
        nazov: r.name,
        kod: r.code,
        obec: r.muni,
        kod_obce: r.muni_code,
        okres: r.district,
        kraj: r.region,
        rozloha: round(r.area, 2),
      },
      r.name,
    ),
  );
}

const cache = new LRUCache<string, DataFeature[]>({ max: 16 });

async function loadFeatures(id: DatasetId, indicator: Indicator): Promise<DataFeature[]> {
  const sql = await getSql();
  const digest = await currentReferenceDigest(sql);
  if (!digest) throw new ApiError('reference_data_unavailable', 'Referenčné údaje nie sú načítané (npm run import:reference).');
  const key = `${digest}:${id}:${id === 'obce' ? indicator : ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const features =
    id === 'obce'
      ? await municipalityFeatures(indicator)
      : id === 'mesta'
        ? await townFeatures()
        : id === 'katastralne-uzemia'
          ? await cadastralFeatures()
          : await unitFeatures(id);
  cache.set(key, features);
  return features;
}

/** The data of one dataset: its parameters (the manifest's) checked, one page of its objects. */
async function dataAnswer(id: string, url: URL): Promise<ProviderAnswer> {
  const dataset = referenceProviderManifest(env().publicBaseUrl).datasets.find((d) => d.id === id);
  if (!dataset) {
    const available = DATASET_IDS.filter((d) => d !== 'katastralne-uzemia' || boundarySource().cadastralTerritories);
    throw new ApiError('unknown_dataset', `Dataset "${id}" does not exist; available: ${available.join(', ')}.`);
  }
  const q = parseDataRequest(url, dataset.params);
  const all = await loadFeatures(id as DatasetId, (q.params.ukazovatel ?? 'obyvatelia') as Indicator);
  const page = pageOf(all, q);
  const collection: DataCollection = {
    type: 'FeatureCollection',
    features: page.items,
    dm: { protocol: PROTOCOL_VERSION, generated: new Date().toISOString(), ttl: 86400, ...page.dm },
  };
  return { body: collection, maxAge: 3600, type: 'application/geo+json' };
}

/** Serves `/poskytovatelia/sk-uzemie/manifest.json` and `/poskytovatelia/sk-uzemie/data/<id>` (lib/protocol/serve.ts). */
export async function handleReferenceProviderRequest(url: URL): Promise<Response> {
  return serveProvider(REFERENCE_PROVIDER_ID, url, () => {
    const rest = url.pathname.startsWith(`${REFERENCE_PROVIDER_PATH}/`) ? url.pathname.slice(REFERENCE_PROVIDER_PATH.length + 1) : null;
    if (rest === 'manifest.json') return { body: referenceProviderManifest(env().publicBaseUrl), maxAge: 300 };
    const m = rest?.match(/^data\/([a-z0-9-]+)$/);
    if (m) return dataAnswer(m[1], url);
    throw new ApiError('not_found', `No such resource: ${url.pathname}`);
  });
}
