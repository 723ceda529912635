// The sources of the portal's built-in reference data (provider `sk-uzemie`, place search), after
// ../shared/data/sk/SOURCES.md: only the files lib/reference imports (the boundaries of 2019 or, in an
// older data directory, the 2010 TopoJSON). Listed in /zdroje.md next to the generated list of
// providers.
import { boundarySource, GKU_ATTRIBUTION, type BoundarySource } from '../reference/boundary-source';

export interface ReferenceSource {
  /** What the portal uses it for (Slovak). */
  use: string;
  source: string;
  sourceUrl?: string;
  license: string;
  licenseUrl?: string;
  attribution: string;
}

const BOUNDARIES: Record<BoundarySource['vintage'], ReferenceSource> = {
  'gku-2019': {
    use: 'Hranice a rozloha (výmera) obcí, okresov a krajov; katastrálne územia',
    source:
      'Úrad geodézie, kartografie a katastra SR, GKÚ Bratislava: Hranice administratívnych jednotiek (ZBGIS), stav 30. 4. 2019, generalizácia 2 (cez github.com/jp2011/gis-slovakia)',
    sourceUrl: 'https://github.com/jp2011/gis-slovakia',
    license: 'CC BY 4.0 (otvorené údaje ÚGKK SR)',
    licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution: GKU_ATTRIBUTION,
  },
  'topojson-2010': {
    use: 'Hranice obcí, okresov a krajov',
    source: 'Slovakia TopoJSON (Milan Lajtoš) podľa údajov ŠÚ SR a Freemap Slovakia; stav hraníc približne z roku 2010',
    sourceUrl: 'https://github.com/janbodnar/slovakia-topojson',
    license: 'licencia neuvedená',
    attribution: 'Slovakia TopoJSON, Milan Lajtoš (github.com/janbodnar/slovakia-topojson); hranice podľa ŠÚ SR a Freemap',
  },
};

const OTHER_SOURCES: readonly ReferenceSource[] = [
  {
    use: 'Číselníky obcí, okresov a krajov; počty obyvateľov podľa veku a pohlavia',
    source: 'Štatistický úrad SR, Sčítanie obyvateľov, domov a bytov 2021 (SODB 2021), otvorené údaje',
    sourceUrl: 'https://www.scitanie.sk/',
    license: 'otvorené údaje ŠÚ SR, s uvedením zdroja',
    attribution: 'Zdroj: Štatistický úrad SR, SODB 2021',
  },
  {
    use: 'Aktuálne obce, časti obcí, ulice a PSČ so stredovými bodmi (vyhľadávanie miest)',
    source: 'Register adries a Register obcí MV SR, spracovanie slovak-postal-codes (Jozef Grenčík)',
    sourceUrl: 'https://github.com/jozefgrencik/slovak-postal-codes',
    license: 'CC0 1.0',
    licenseUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    attribution: 'Ministerstvo vnútra SR, Register adries a Register obcí',
  },
  {
    use: 'Register adries: obce, časti obcí a ulice (inicializačná dávka 2015)',
    source: 'Ministerstvo vnútra SR, Register adries, data.gov.sk',
    sourceUrl: 'https://data.gov.sk/',
    license: 'CC BY',
    licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution: 'Ministerstvo vnútra SR, Register adries',
  },
  {
    use: 'Body sídiel a poštových smerovacích čísel',
    source: 'GeoNames, výpis poštových smerovacích čísel pre Slovensko',
    sourceUrl: 'https://www.geonames.org/',
    license: 'CC BY 4.0',
    licenseUrl: 'https://creativecommons.org/licenses/by/4.0/',
    attribution: 'GeoNames (www.geonames.org)',
  },
];

/** The sources of the reference data in use, the boundaries first. */
export function referenceSources(boundaries: BoundarySource = boundarySource()): ReferenceSource[] {
  return [BOUNDARIES[boundaries.vintage], ...OTHER_SOURCES];
}
