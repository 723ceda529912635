// Every finding carries a hint: what to do about it. Findings whose check knows a precise hint give
// their own; the others get the general advice for their code from this table (reports are built
// through `withHints`, so no finding leaves the validator without one).

const DEFAULT_HINTS: Record<string, string> = {
  schema_required: 'Doplňte chýbajúcu vlastnosť; povinné časti opisuje schéma /schema/0.1/manifest.json (dáta: /schema/0.1/data.json).',
  schema_invalid_type: 'Opravte typ hodnoty podľa schémy (napr. číslo bez úvodzoviek, pole v [ ], objekt v { }).',
  schema_too_small: 'Hodnotu zväčšite alebo doplňte, aby spĺňala minimum uvedené v správe.',
  schema_too_big: 'Hodnotu skráťte alebo zmenšite pod limit uvedený v správe.',
  schema_invalid_format: 'Zapíšte hodnotu v tvare uvedenom v správe.',
  schema_invalid_value: 'Použite jednu z povolených hodnôt uvedených v správe.',
  schema_unknown_property: 'Odstráňte neznámu vlastnosť, opravte jej názov, alebo ju pomenujte s predponou x- (rozšírenie).',
  schema_custom: 'Opravte hodnotu podľa správy; toto pravidlo schéma nevie vyjadriť, kontroluje ho validátor.',
  param_without_options: 'Doplňte options: [{ "value": "…", "label": "…" }, …].',
  invalid_default: 'Nastavte default na hodnotu, ktorú parameter pripúšťa (jednu z options, číslo v rozsahu min–max).',
  time_param_missing: 'Doplňte parameter s týmto kľúčom do params, alebo opravte temporal.param.',
  time_param_type: 'Časový parameter musí byť typu range (roky) alebo date-range (dátumy).',
  display_only_ignored: 'Vlastnosť displayOnly odstráňte; dáta, ktoré portál nesmie šíriť, do manifestu neuvádzajte.',
  unclosed_polygon: 'Ukončite každý prstenec polygónu tým istým bodom, ktorým začína.',
  empty_geometry: 'Objekty bez polohy vynechajte alebo im doplňte geometriu.',
  coordinates_out_of_range: 'Dáta musia byť vo WGS84 (EPSG:4326) v poradí [lon, lat]; nie v S-JTSK ani Web Mercatore.',
  data_schema_mismatch: 'Dátový endpoint musí vrátiť GeoJSON FeatureCollection podľa /schema/0.1/data.json.',
  http_error: 'Skontrolujte adresu a to, či server odpovedá kódom 200 aj na dopyt s parametrami portálu (limit, bbox, zoom).',
  source_unreachable: 'Server musí byť dostupný z internetu (DNS, firewall, platný certifikát).',
  source_error: 'Skontrolujte, či server odpovedá bežnou odpoveďou HTTP bez presmerovaní do slučky.',
  invalid_json: 'Odpoveď musí byť platný JSON (UTF-8); skúste ju otvoriť v prehliadači alebo v jq.',
  empty_body: 'Server musí vrátiť telo odpovede; prázdnu množinu pošlite ako {"type":"FeatureCollection","features":[]}.',
  tile_http_error: 'Skontrolujte šablónu dlaždíc: vrstvu, súradnicový systém a rozsah priblížení servera.',
  tile_unreachable: 'Server dlaždíc musí byť dostupný z internetu a odpovedať do 10 s.',
  timeout: 'Portál dáva zdroju 10 s na celú odpoveď; odpovedajte rýchlejšie alebo posielajte menej naraz.',
  missing_id: 'Stabilné id umožňuje odkazovať na objekt a spájať ho medzi odpoveďami.',
};

const FALLBACK_HINT = 'Postup opisuje dokumentácia pre poskytovateľov (/dokumentacia/pre-poskytovatelov).';

/** The hint of a code when its check gave none. */
function defaultHint(code: string): string {
  return DEFAULT_HINTS[code] ?? FALLBACK_HINT;
}

/** The findings, each with a hint (its own, or its code's general advice). */
export function withHints<F extends { code: string; hint?: string }>(findings: F[]): F[] {
  return findings.map((f) => (f.hint ? f : { ...f, hint: defaultHint(f.code) }));
}
