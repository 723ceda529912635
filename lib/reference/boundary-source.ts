// Which boundaries the portal's reference data has, and how they are credited: the cadastral
// authority's boundaries of 2019 (with the cadastral territories) when REFERENCE_DATA_DIR holds
// them, else the 2010-vintage TopoJSON. The import reads the same directory at start-up, so this
// answers without asking the database (the manifest, the map's attribution and /zdroje.md use it).
import { env } from '../env';
import { boundaryVintage, hasCadastralTerritories, type BoundaryVintage } from './sources';

export interface BoundarySource {
  vintage: BoundaryVintage;
  /** The cadastral territories are loaded (dataset `sk-uzemie/katastralne-uzemia`). */
  cadastralTerritories: boolean;
  /** Slovak attribution of the boundaries, e.g. "Hranice: ÚGKK SR / GKÚ Bratislava (ZBGIS), stav 30. 4. 2019". */
  attribution: string;
}

export const GKU_ATTRIBUTION = 'Hranice: ÚGKK SR / GKÚ Bratislava (ZBGIS), stav 30. 4. 2019';
const TOPOJSON_ATTRIBUTION =
  'Hranice: Slovakia TopoJSON (Milan Lajtoš, github.com/janbodnar/slovakia-topojson) podľa ŠÚ SR a Freemap, stav približne z roku 2010';

// Per directory, once per process: the import reads the directory only at start-up too.
const known = new Map<string, BoundarySource>();

/** The boundaries of `dir` (default REFERENCE_DATA_DIR); the 2019 ones when there is no directory. */
export function boundarySource(dir: string | undefined = env().referenceDataDir): BoundarySource {
  const key = dir ?? '';
  let b = known.get(key);
  if (!b) {
    const vintage = (dir && boundaryVintage(dir)) || 'gku-2019';
    b = {
      vintage,
      cadastralTerritories: !!dir && hasCadastralTerritories(dir),
      attribution: vintage === 'gku-2019' ? GKU_ATTRIBUTION : TOPOJSON_ATTRIBUTION,
    };
    known.set(key, b);
  }
  return b;
}
