// The one keyword table of dataset search (MCP catalog, nearby `search`, GET /api/nearby/selection):
// English words and common Slovak synonyms for the things people look for, each mapped to the
// Slovak words datasets are described with, and to categories or use cases; and the categories a
// search that found nothing is offered instead. With the registry (below nearby and catalog search,
// which both use it).
import { normalizeName } from '@/lib/protocol/shared/text';
import type { Category, ManifestDataset } from '@/lib/protocol/types';
import { CATEGORY_LABELS, normalizeCategory } from './catalog';
import type { CategorySuggestion } from './schema';
import type { ServedDataset } from './types';

interface SearchConcept {
  /** What a person may type (English, Slovak synonyms), folded: lower case, no diacritics. */
  aliases: string[];
  /** Word stems that datasets about it carry in title, keywords or description (`chranen uzem` = a phrase). */
  terms: string[];
  /** Catalog categories that answer it as a whole (e.g. `risks` for "hazard"). */
  categories?: string[];
  /** Use cases that answer it (e.g. `construction` for "building permit"). */
  useCases?: string[];
  /** Categories to suggest when nothing matches (where such data would be listed). */
  near?: string[];
}

const SEARCH_CONCEPTS: readonly SearchConcept[] = [
  {
    aliases: ['flood', 'flooding', 'flood zone', 'flood risk', 'flood map', 'floodplain', 'flood plain', 'inundation', 'high water', 'velka voda', 'zatopenie', 'vyliatie', 'q100', 'storocna voda'],
    terms: ['povod', 'zaplav', 'inundac'],
    near: ['risks', 'water'],
  },
  {
    aliases: ['protected area', 'protected site', 'protected landscape', 'nature reserve', 'national park', 'nature protection', 'conservation', 'conservation area', 'reserve', 'chranena oblast', 'rezervacia', 'park'],
    terms: ['chranen uzem', 'chranen krajin', 'narodn park', 'prirodn rezerv', 'natura 2000', 'ochrana prirody'],
    near: ['nature'],
  },
  { aliases: ['natura', 'natura 2000', 'birds directive', 'habitats directive', 'european network'], terms: ['natura 2000'] },
  { aliases: ['bird', 'bird area', 'special protection area', 'spa', 'vtactvo'], terms: ['vtak', 'vtaci', 'chvu'] },
  { aliases: ['habitat', 'species', 'biodiversity', 'site of community importance', 'sci'], terms: ['biotop', 'chranen druh', 'uev'] },
  {
    aliases: ['population', 'inhabitants', 'residents', 'people', 'census', 'demography', 'demographics', 'ludia', 'pocet ludi', 'obyvatelia', 'seniors', 'elderly', 'children', 'population density', 'density'],
    terms: ['obyvatel', 'scitan', 'demograf', 'hustot', 'senior'],
    near: ['society', 'territory'],
  },
  {
    aliases: ['cadastre', 'cadaster', 'cadastral', 'cadastral map', 'land register', 'land registry', 'parcel', 'plot', 'land plot', 'land parcel', 'property', 'property boundary', 'ownership', 'pozemky', 'pozemok', 'parcelne cislo', 'list vlastnictva', 'kn'],
    terms: ['katast', 'parcel', 'pozem'],
    near: ['territory'],
  },
  { aliases: ['cadastral area', 'cadastral territory', 'cadastral district', 'ku', 'katastralne uzemie'], terms: ['katastraln uzem'] },
  { aliases: ['noise', 'noise map', 'loud', 'sound', 'hlucnost', 'hlucny'], terms: ['hluk', 'hlukov'], near: ['transport', 'nature'] },
  { aliases: ['geology', 'geological', 'geological map', 'rock', 'bedrock', 'subsoil', 'foundation soil', 'soil', 'podlozie', 'horniny'], terms: ['geolog', 'horni', 'podlozi', 'zakladov pod'], near: ['territory', 'risks'] },
  {
    aliases: ['aerial', 'aerial photo', 'aerial image', 'aerial imagery', 'orthophoto', 'orthoimage', 'ortho', 'satellite', 'satellite image', 'satellite map', 'imagery', 'air photo', 'letecka snimka', 'satelit'],
    terms: ['ortofoto', 'letec', 'satelit', 'snimk'],
    near: ['territory'],
  },
  { aliases: ['base map', 'basemap', 'topographic', 'topographic map', 'topography', 'topo', 'map of slovakia', 'zakladna mapa', 'podkladova mapa'], terms: ['zakladn map', 'topograf', 'podklad'], near: ['territory'] },
  { aliases: ['air quality', 'air pollution', 'pollution', 'smog', 'particulate', 'particulate matter', 'dust', 'emissions', 'pm10', 'ovzdusie', 'znecistenie'], terms: ['ovzdus', 'znecist', 'pm10', 'smog', 'imisi', 'prachov'], near: ['nature'] },
  { aliases: ['municipality', 'municipalities', 'village', 'villages', 'commune', 'local authority', 'obec', 'dedina'], terms: ['obec', 'obce', 'obci'], near: ['territory', 'society'] },
  { aliases: ['town', 'towns', 'city', 'cities', 'urban', 'mesto', 'mesta'], terms: ['mest'], near: ['territory', 'society'] },
  { aliases: ['district', 'districts', 'lau 1', 'okres'], terms: ['okres'], near: ['territory'] },
  { aliases: ['region', 'regions', 'county', 'self governing region', 'nuts 3', 'kraj', 'vuc'], terms: ['kraj', 'vuc'], near: ['territory'] },
  { aliases: ['boundary', 'boundaries', 'border', 'borders', 'administrative boundaries', 'administrative units', 'hranice'], terms: ['hranic'], near: ['territory'] },
  { aliases: ['hazard', 'hazards', 'natural hazard', 'risk', 'risks', 'danger', 'threat', 'riziko', 'rizika', 'nebezpecenstvo'], terms: ['rizik', 'ohrozen'], categories: ['risks'] },
  { aliases: ['landslide', 'landslides', 'slope failure', 'zosun', 'zosuvy'], terms: ['zosuv'], near: ['risks'] },
  { aliases: ['earthquake', 'seismic', 'seismicity', 'zemetrasenie'], terms: ['seizm', 'zemetras'], near: ['risks'] },
  { aliases: ['radon'], terms: ['radon'], near: ['risks'] },
  { aliases: ['contamination', 'contaminated land', 'environmental burden', 'brownfield', 'pollution site', 'skladka'], terms: ['kontamin', 'zataz', 'environmentaln zataz'], near: ['risks', 'nature'] },
  { aliases: ['nature', 'environment', 'ecology', 'wildlife', 'priroda', 'zivotne prostredie'], terms: ['prirod', 'ochrana prirody'], categories: ['nature'] },
  { aliases: ['water', 'river', 'rivers', 'stream', 'watercourse', 'lake', 'voda', 'rieka', 'potok'], terms: ['vodn tok', 'vod', 'riek', 'tok'], categories: ['water'] },
  { aliases: ['building', 'buildings', 'house', 'houses', 'budova', 'stavby'], terms: ['budov', 'stavb'], near: ['infrastructure', 'territory'] },
  { aliases: ['road', 'roads', 'street', 'streets', 'traffic', 'transport', 'transportation', 'railway', 'cesta', 'doprava'], terms: ['cest', 'doprav', 'ulic', 'zeleznic'], categories: ['transport'] },
  { aliases: ['energy', 'power', 'electricity', 'solar', 'wind', 'energia'], terms: ['energ', 'elektr'], categories: ['energy'] },
  { aliases: ['elevation', 'terrain', 'relief', 'hillshade', 'altitude', 'height', 'vyska', 'teren'], terms: ['relief', 'vysk', 'teren'], near: ['territory'] },
  // Use cases (the spec's recommended values), in English and Slovak words.
  { aliases: ['construction', 'build', 'building permit', 'building plot', 'build a house', 'stavba', 'stavebny pozemok', 'stavebne povolenie', 'vystavba'], terms: [], useCases: ['construction'] },
  { aliases: ['housing', 'home', 'apartment', 'flat', 'where to live', 'living', 'byvanie', 'byt', 'dom'], terms: [], useCases: ['housing'] },
  { aliases: ['land purchase', 'buy land', 'buying land', 'purchase', 'real estate', 'kupa pozemku', 'kupa', 'nehnutelnost'], terms: [], useCases: ['land-purchase'] },
  { aliases: ['agriculture', 'farming', 'farm', 'farmland', 'crops', 'polnohospodarstvo', 'farma'], terms: ['polnohospod'], useCases: ['agriculture'] },
  { aliases: ['investment', 'invest', 'investor', 'investicia'], terms: [], useCases: ['investment'] },
  { aliases: ['tourism', 'tourist', 'hiking', 'trip', 'travel', 'leisure', 'turistika', 'vylet', 'cestovny ruch'], terms: ['turist'], useCases: ['tourism'] },
  { aliases: ['business', 'company', 'enterprise', 'podnikanie', 'firma'], terms: [], useCases: ['business'] },
  { aliases: ['public administration', 'administration', 'government', 'municipal office', 'urad', 'samosprava', 'verejna sprava'], terms: [], useCases: ['public-administration'] },
];

/** Words that carry no meaning in a search ("co je v okoli", "what is in the"). */
const STOPWORDS = new Set([
  'a', 'i', 'v', 'vo', 'na', 'pre', 'pri', 's', 'so', 'z', 'zo', 'k', 'ku', 'o', 'do', 'od', 'po', 'je', 'su', 'co', 'ake', 'aky', 'aka',
  'the', 'and', 'of', 'in', 'for', 'at', 'a', 'an', 'to', 'on', 'is', 'are', 'what', 'which', 'map', 'maps', 'data', 'dataset', 'datasets', 'layer', 'zone', 'zones', 'area', 'areas', 'mapa', 'mapy', 'udaje',
]);

/** Slovak words inflect: compare a long token by its stem (all but its last two letters, at least 4). */
function stemOf(token: string): string {
  return token.length > 5 ? token.slice(0, Math.max(4, token.length - 2)) : token;
}

/** English plurals: "floods" is "flood", "cities" is "city". */
function singular(token: string): string {
  if (token.length > 4 && token.endsWith('ies')) return `${token.slice(0, -3)}y`;
  if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) return token.slice(0, -1);
  return token;
}

interface FoldedConcept {
  concept: SearchConcept;
  aliases: string[][];
  terms: string[][];
}

const FOLDED: FoldedConcept[] = SEARCH_CONCEPTS.map((concept) => ({
  concept,
  aliases: concept.aliases.map((a) => normalizeName(a).split(' ')),
  terms: concept.terms.map((t) => normalizeName(t).split(' ')),
}));

/** One thing the query asks for: a word, or a concept of the table (its words matched as a phrase). */
type SearchPart = { word: string; concepts: FoldedConcept[] } | { phrase: string; concepts: FoldedConcept[] };

function sameWord(a: string, b: string): boolean {
  return a === b || singular(a) === b;
}

/**
 * The query as parts: phrases of the table first ("protected area" is one part, not two words),
 * then the remaining words, each with the concepts it may stand for.
 */
function searchParts(query: string): SearchPart[] {
  const words = normalizeName(query).split(' ').filter(Boolean);
  const used = new Array<boolean>(words.length).fill(false);
  const parts: SearchPart[] = [];
  // Longest phrases first, so "flood zone" wins over "flood".
  const phrases = FOLDED.flatMap((f) => f.aliases.filter((a) => a.length > 1).map((a) => ({ a, f }))).sort((x, y) => y.a.length - x.a.length);
  for (const { a, f } of phrases) {
    for (let i = 0; i + a.length <= words.length; i++) {
      if (a.every((w, j) => !used[i + j] && sameWord(words[i + j], w))) {
        const phrase = a.join(' ');
        const existing = parts.find((p) => 'phrase' in p && p.phrase === phrase);
        if (existing) existing.concepts.push(f);
        else parts.push({ phrase, concepts: [f] });
        for (let j = 0; j < a.length; j++) used[i + j] = true;
      }
    }
  }
  words.forEach((w, i) => {
    if (used[i] || STOPWORDS.has(w)) return;
    const concepts = FOLDED.filter((f) => f.aliases.some((a) => a.length === 1 && sameWord(w, a[0])));
    parts.push({ word: w, concepts });
  });
  return parts;
}

/** Whether `term` (word stems) starts at some word of `words`, each stem a prefix of its word. */
function hasPhrase(words: string[], term: string[]): boolean {
  for (let i = 0; i + term.length <= words.length; i++) if (term.every((t, j) => words[i + j].startsWith(t))) return true;
  return false;
}

interface DatasetWords {
  title: string[];
  keywords: string[];
  rest: string[];
  category: string;
  useCases: string[];
}

function datasetWords(d: Pick<ManifestDataset, 'title' | 'keywords' | 'tags' | 'description' | 'category' | 'useCases'>): DatasetWords {
  return {
    title: normalizeName(d.title).split(' '),
    keywords: normalizeName([...(d.keywords ?? []), ...(d.tags ?? [])].join(' ')).split(' '),
    rest: normalizeName([d.description ?? '', d.category ?? '', ...(d.useCases ?? [])].join(' ')).split(' '),
    category: d.category ?? 'other',
    useCases: d.useCases ?? [],
  };
}

/** Points of one concept: a term in the title 3, keywords 2, elsewhere 1; its category or use case 1. */
function conceptScore(w: DatasetWords, f: FoldedConcept): number {
  let best = 0;
  for (const term of f.terms) {
    if (hasPhrase(w.title, term)) return 3;
    if (hasPhrase(w.keywords, term)) best = Math.max(best, 2);
    else if (hasPhrase(w.rest, term)) best = Math.max(best, 1);
  }
  if (!best && (f.concept.categories?.includes(w.category) || f.concept.useCases?.some((u) => w.useCases.includes(u)))) best = 1;
  return best;
}

function wordScore(w: DatasetWords, word: string): number {
  const stem = stemOf(word);
  if (w.title.some((t) => t.startsWith(stem))) return 3;
  if (w.keywords.some((t) => t.startsWith(stem))) return 2;
  if (w.rest.some((t) => t.startsWith(stem))) return 1;
  return 0;
}

/**
 * How well a dataset matches a search: every part of the query must match, a word by its stem (a
 * title word 3 points, keywords or tags 2, description, category or use cases 1) or through the
 * concepts of the keyword table it stands for (English, synonyms); 0 = no match.
 */
export function matchScore(d: Pick<ManifestDataset, 'title' | 'keywords' | 'tags' | 'description' | 'category' | 'useCases'>, query: string): number {
  const parts = searchParts(query);
  if (!parts.length) return 0;
  const w = datasetWords(d);
  let score = 0;
  for (const part of parts) {
    const direct = 'word' in part ? wordScore(w, part.word) : 0;
    const viaConcepts = Math.max(0, ...part.concepts.map((f) => conceptScore(w, f)));
    const points = Math.max(direct, viaConcepts);
    if (!points) return 0;
    score += points;
  }
  return score;
}

/**
 * The categories nearest to a search that found nothing, best first: those of the concepts the query
 * names, then those whose name or label is closest in spelling, then the biggest ones.
 */
function nearestCategories(query: string, categories: ReadonlyArray<{ key: string; label: string; count: number }>, limit = 3): string[] {
  const parts = searchParts(query);
  const words = normalizeName(query).split(' ').filter((w) => w && !STOPWORDS.has(w));
  const score = new Map<string, number>();
  const add = (key: string, points: number) => score.set(key, Math.max(score.get(key) ?? 0, points));
  for (const part of parts) for (const f of part.concepts) for (const c of [...(f.concept.categories ?? []), ...(f.concept.near ?? [])]) add(c, 3);
  for (const c of categories) {
    const names = normalizeName(`${c.key} ${c.label}`).split(' ');
    for (const w of words) {
      const stem = stemOf(w);
      if (names.some((n) => n.startsWith(stem) || (n.length > 3 && w.startsWith(n)))) add(c.key, 2);
    }
  }
  const known = categories.filter((c) => c.count > 0 && c.key !== 'sample');
  return known
    .map((c) => ({ key: c.key, points: score.get(c.key) ?? 0, count: c.count }))
    .sort((a, b) => b.points - a.points || b.count - a.count || a.key.localeCompare(b.key))
    .slice(0, limit)
    .map((c) => c.key);
}

/**
 * For a search that found nothing: the nearest categories (of the concepts the words stand for, by
 * spelling, else the biggest), with how many datasets each holds. Samples are never suggested.
 */
export function categorySuggestions(text: string, served: readonly ServedDataset[]): CategorySuggestion[] {
  const counts = new Map<Category, number>();
  for (const s of served) {
    const c = normalizeCategory(s.dataset.category);
    counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const categories = [...counts].map(([key, count]) => ({ key, label: CATEGORY_LABELS[key], count }));
  return nearestCategories(text, categories).map((key) => ({ category: key as Category, label: CATEGORY_LABELS[key as Category], count: counts.get(key as Category) ?? 0 }));
}
