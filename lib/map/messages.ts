// The one table of what each code means to a person, in Slovak: every code an answer of the portal
// can carry (lib/errors.ts ERROR_STATUS, typed so a new code cannot be forgotten) and the browser's
// own (no connection, no answer in time). Used by the "Čo je tu?" cards, the map's layers and the
// dataset and municipality pages; the technical code itself is shown only under "podrobnosti".
// Pure and browser-safe.
import type { ErrorCode } from '@/lib/errors';

/** Codes the browser gives a request that got no answer from the portal. */
export const CLIENT_CODES = ['network', 'client_timeout', 'empty_answer'] as const;
export type ClientCode = (typeof CLIENT_CODES)[number];
export type MessageCode = ErrorCode | ClientCode;

/** The source did not give its answer: what we show is not "nothing here". */
export const UNKNOWN_NOT_EMPTY = 'Údaje nevidíte – neznamená to, že tu nič nie je.';

/**
 * A source's failures: `{zdroj}` is the source's name in quotes. Each is followed by
 * UNKNOWN_NOT_EMPTY wherever it stands for an answer.
 */
const SOURCE_TEXT = {
  timeout: 'Zdroj {zdroj} neodpovedal včas.',
  source_unreachable: 'Zdroj {zdroj} teraz neodpovedá.',
  http_error: 'Zdroj {zdroj} teraz hlási chybu.',
  invalid_json: 'Zdroj {zdroj} namiesto údajov poslal niečo iné.',
  empty_body: 'Zdroj {zdroj} poslal prázdnu odpoveď.',
  response_too_large: 'Zdroj {zdroj} poslal priveľa údajov naraz.',
  data_schema_mismatch: 'Zdroj {zdroj} poslal údaje v nesprávnom tvare.',
  source_error: 'So zdrojom {zdroj} sa teraz nedá dohovoriť.',
  invalid_manifest: 'Popis zdroja {zdroj} je teraz chybný, portál sa ho nevie opýtať.',
  id_mismatch: 'Popis zdroja {zdroj} sa zmenil a portál ho musí znova overiť.',
  tile_http_error: 'Mapový server zdroja {zdroj} teraz hlási chybu.',
  tile_not_image: 'Mapový server zdroja {zdroj} namiesto mapy posiela niečo iné.',
  tile_unreachable: 'Mapový server zdroja {zdroj} teraz neodpovedá.',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type SourceFailureCode = keyof typeof SOURCE_TEXT;

const PORTAL_TEXT: Record<Exclude<MessageCode, SourceFailureCode>, string> = {
  invalid_query: 'Portál otázke nerozumel (neplatný údaj v otázke).',
  invalid_input: 'Zadané údaje sú neúplné alebo neplatné.',
  invalid_url: 'Adresa nie je platná.',
  unrecognised_service: 'Na adrese nie je služba OGC API – Features, WFS 2.0 ani ArcGIS FeatureServer/MapServer.',
  https_required: 'Zdroj musí byť dostupný cez zabezpečené spojenie (HTTPS).',
  missing_place: 'Chýba miesto: zadajte bod alebo adresu.',
  missing_dataset_selection: 'Chýba výber datasetov.',
  raster_dataset: 'Rastrové datasety obsahujú obrázky, nie objekty, preto nemajú súhrn.',
  summary_requires_place: 'Dataset sa načítava len pri priblížení; súhrn je dostupný pre jednotlivé obce.',
  ambiguous_place: 'Tento názov nesie viac obcí; spresnite okres.',
  unknown_dataset: 'Tento dataset portál neposkytuje.',
  unknown_place: 'Miesto sa nenašlo.',
  unknown_provider: 'Tohto poskytovateľa portál nepozná.',
  unknown_schema: 'Takú schému portál nemá.',
  unknown_example: 'Taký vzor portál nemá.',
  not_found: 'Stránka sa nenašla.',
  method_not_allowed: 'Takúto požiadavku portál neprijíma.',
  payload_too_large: 'Poslané údaje sú príliš veľké.',
  unsupported_media_type: 'Tento formát údajov portál neprijíma.',
  display_only: 'Údaje tohto datasetu poskytuje pôvodná služba; portál ich iba zobrazuje na mape.',
  geocoding_unavailable: 'Vyhľadávanie miest teraz nie je dostupné.',
  reference_data_unavailable: 'Údaje o obciach a adresách sa ešte načítavajú.',
  starting: 'Portál sa práve spúšťa; skúste to o chvíľu znova.',
  database_unavailable: 'Databáza portálu práve neodpovedá; skúste to o chvíľu znova.',
  internal_error: 'Portál narazil na vnútornú chybu (je zaznamenaná).',
  rejected: 'Registráciu prevádzkovateľ zamietol.',
  id_taken: 'Toto označenie poskytovateľa už portál používa.',
  url_registered: 'Táto adresa manifestu je už zaregistrovaná.',
  manifest_rejected: 'Manifest neprešiel živým testom.',
  too_many_requests: 'Priveľa pokusov naraz; skúste to o minútu znova.',
  queue_full: 'Na schválenie čaká priveľa poskytovateľov; skúste to neskôr.',
  registration_unavailable: 'Registrácia je teraz nedostupná; skúste to neskôr.',
  unknown_challenge: 'Táto výzva na overenie neplatí alebo už vypršala.',
  proof_failed: 'Overenie, že službu spravujete, sa nepodarilo.',
  origin_mismatch: 'Overenie prišlo z inej adresy, než na ktorej je manifest.',
  network: 'Portál je teraz nedostupný (žiadne spojenie).',
  client_timeout: 'Odpoveď neprišla ani po 30 sekundách.',
  empty_answer: 'Portál vrátil prázdnu odpoveď.',
};

/** Whether the code means a source did not give its answer (the answer is unknown, not empty). */
export function isSourceFailure(code: string | undefined): code is SourceFailureCode {
  return code !== undefined && Object.hasOwn(SOURCE_TEXT, code);
}

/** Every code of the table (a test walks them all). */
export const MESSAGE_CODES = [...Object.keys(SOURCE_TEXT), ...Object.keys(PORTAL_TEXT)] as MessageCode[];

/**
 * The Slovak sentence for a code; `source` names the source ("Zdroj „ZBGIS“ teraz neodpovedá.").
 * An unknown code gets a general sentence, never the code or an English message.
 */
export function codeText(code: string | undefined, source?: string): string {
  if (isSourceFailure(code)) return SOURCE_TEXT[code].replace(' {zdroj}', source ? ` „${source}“` : '');
  if (code !== undefined && Object.hasOwn(PORTAL_TEXT, code)) return PORTAL_TEXT[code as keyof typeof PORTAL_TEXT];
  return 'Odpoveď sa nepodarilo získať.';
}

/** The sentence of a failed answer: what failed, and for a source that the answer is unknown, not empty. */
export function failureText(code: string | undefined, source?: string): string {
  const text = codeText(code, source);
  return isSourceFailure(code) || code === 'network' || code === 'client_timeout' || code === 'internal_error' || code === 'database_unavailable'
    ? `${text} ${UNKNOWN_NOT_EMPTY}`
    : text;
}

/**
 * A refused answer in short, where the panel names what failed technically beside the Slovak sentence:
 * the HTTP status and, when the answer carries one, its code (`HTTP 502, timeout`).
 */
export function httpFailure(status: number, code?: string): string {
  return `HTTP ${status}${code ? `, ${code}` : ''}`;
}

/**
 * A refused API answer for a person: the Slovak sentence of its code, then the status and code in
 * short. Never the API's own `error` text, which is English ("The portal’s database is not answering…").
 */
export function refusalText(r: { status: number; code?: string }): string {
  return `${codeText(r.code)} (${httpFailure(r.status, r.code)})`;
}
