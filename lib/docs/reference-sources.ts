// The sources of the portal's built-in reference data (provider `sk-uzemie`, place search), after
// ../shared/data/sk/SOURCES.md: only the files lib/reference imports. Listed in /zdroje.md next to
// the generated list of providers.
export interface ReferenceSource {
  /** What the portal uses it for (Slovak). */
  use: string;
  source: string;
  sourceUrl?: string;
  license: string;
  licenseUrl?: string;
  attribution: string;
}

export const REFERENCE_SOURCES: readonly ReferenceSource[] = [
  {
    use: 'Hranice obcí, okresov a krajov',
    source: 'Slovakia TopoJSON (Milan Lajtoš) podľa údajov ŠÚ SR a Freemap Slovakia; stav hraníc približne z roku 2010',
    sourceUrl: 'https://github.com/janbodnar/slovakia-topojson',
    license: 'licencia neuvedená',
    attribution: 'Slovakia TopoJSON, Milan Lajtoš (github.com/janbodnar/slovakia-topojson); hranice podľa ŠÚ SR a Freemap',
  },
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
