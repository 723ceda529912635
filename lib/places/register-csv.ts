// Column mapping for the Register adries CSV export of address points (entrances). The official
// open-data export names its columns after the register's XML elements (objectId, buildingNumber,
// buildingIndex, postalCode, axisB, axisL, propertyRegistrationNumberIdentifier,
// streetNameIdentifier, validTo ...); denormalised exports add streetName, municipalityCode,
// municipalityName, propertyRegistrationNumber. Column names are matched case- and
// punctuation-insensitively, with Slovak aliases (ulica, obec, psc, supisneCislo ...), and the
// delimiter (`;`, `,` or tab) is taken from the header line.
//
// Coordinates must be WGS84/ETRS89 latitude (axisB / lat / latitude) and longitude (axisL / lon /
// longitude). S-JTSK metres (axisX/axisY, negative numbers) are not converted: such rows are loaded
// without a point, and the search then falls back to the street's point.
import { parseCsvLine } from '../reference/csv';
import { normalizeName, normalizeNumber } from '../reference/normalize';
import { validLonLat } from '../reference/sources';

export interface CsvAddress {
  id: string;
  muni: string | null;
  muni_name: string | null;
  street_id: string | null;
  street: string | null;
  street_norm: string | null;
  part: string | null;
  building_id: string | null;
  reg: string | null;
  number: string | null;
  number_norm: string | null;
  postal: string | null;
  lon: number | null;
  lat: number | null;
  current: boolean;
}

const ALIASES: Record<string, string[]> = {
  id: ['objectid', 'id', 'addressid', 'addresspointid', 'entranceobjectid', 'buildingnumberid', 'adresnybodid', 'identifikator'],
  number: ['buildingnumber', 'orientacnecislo', 'cisloorientacne', 'orientationnumber', 'housenumber', 'oc'],
  index: ['buildingindex', 'orientacnecisloindex', 'indexorientacnehocisla', 'pismeno'],
  reg: ['propertyregistrationnumber', 'supisnecislo', 'cislosupisne', 'sc'],
  buildingId: ['propertyregistrationnumberidentifier', 'propertyregistrationnumberid', 'buildingid', 'budovaid'],
  street: ['streetname', 'ulica', 'nazovulice', 'street'],
  streetId: ['streetnameidentifier', 'streetnameid', 'streetid', 'streetcode', 'ulicaid', 'kodulice'],
  muni: ['municipalitycode', 'kodobce', 'obeckod', 'lau2', 'lau'],
  muniName: ['municipalityname', 'obec', 'nazovobce', 'municipality'],
  part: ['districtname', 'castobce', 'municipalitypartname', 'partname', 'nazovcastiobce'],
  postal: ['postalcode', 'psc', 'zip'],
  lat: ['axisb', 'lat', 'latitude', 'sirka', 'zemepisnasirka'],
  lon: ['axisl', 'lon', 'lng', 'longitude', 'dlzka', 'zemepisnadlzka'],
  validTo: ['validto', 'platnostdo'],
};

function key(column: string): string {
  return normalizeName(column).replace(/ /g, '');
}

function detectDelimiter(header: string): string {
  const counts = [';', ',', '\t'].map((d) => [d, header.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

/** Builds a row mapper from the header line; throws when the file has no id or no number columns. */
export function mapCsvHeader(header: string): (line: string) => CsvAddress | null {
  const delimiter = detectDelimiter(header);
  const columns = parseCsvLine(header, delimiter).map(key);
  const at: Partial<Record<keyof typeof ALIASES, number>> = {};
  for (const [field, names] of Object.entries(ALIASES)) {
    const i = columns.findIndex((c) => names.includes(c));
    if (i >= 0) at[field as keyof typeof ALIASES] = i;
  }
  if (at.id === undefined) throw new Error(`register CSV: no id column (expected one of ${ALIASES.id.join(', ')})`);
  if (at.number === undefined && at.reg === undefined) {
    throw new Error('register CSV: no house number column (buildingNumber / orientacneCislo / propertyRegistrationNumber)');
  }
  const now = Date.now();
  return (line) => {
    const v = parseCsvLine(line, delimiter);
    const get = (f: keyof typeof ALIASES) => {
      const i = at[f];
      const s = i === undefined ? '' : (v[i] ?? '').trim();
      return s && s.toLowerCase() !== 'null' && s.toLowerCase() !== 'none' ? s : null;
    };
    const id = get('id');
    if (!id) return null;
    const base = get('number');
    const index = get('index');
    // buildingIndex is the letter of "12A"; some exports carry the whole "12A" in it.
    const number = base ? `${base}${index && !index.startsWith(base) ? index : ''}` : index;
    const reg = get('reg');
    if (!number && !reg) return null;
    const street = get('street');
    const validTo = get('validTo');
    const lat = Number(get('lat')?.replace(',', '.'));
    const lon = Number(get('lon')?.replace(',', '.'));
    const hasPoint = Number.isFinite(lat) && Number.isFinite(lon) && validLonLat(lon, lat);
    const muniRaw = get('muni');
    const muniName = get('muniName');
    return {
      id,
      muni: muniRaw ? muniRaw.toUpperCase() : null,
      muni_name: muniName ? normalizeName(muniName) : null,
      street_id: get('streetId'),
      street,
      street_norm: street ? normalizeName(street) : null,
      part: get('part'),
      building_id: get('buildingId'),
      reg,
      number,
      number_norm: number ? normalizeNumber(number) : null,
      postal: get('postal')?.replace(/\s+/g, '') ?? null,
      lon: hasPoint ? lon : null,
      lat: hasPoint ? lat : null,
      current: !validTo || !(Date.parse(validTo) <= now),
    };
  };
}
