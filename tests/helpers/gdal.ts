// GDAL's own S-JTSK transformation with the EPSG:4836 operation, the reference a Slovak GIS user
// would check the portal with (tests/protocol/crs.test.ts, the map's coordinates in e2e/tools.spec.ts).
// `gdaltransform -ct EPSG:4836` alone does not work: the operation is given as PROJ's pipeline.
import { execFileSync } from 'node:child_process';

/** PROJ's pipeline for "Inverse of S-JTSK to WGS 84 (4) + Krovak East North" (projinfo -s EPSG:4326 -t EPSG:5514). */
const EPSG_4836_PIPELINE = [
  '+proj=pipeline',
  '+step +proj=axisswap +order=2,1',
  '+step +proj=unitconvert +xy_in=deg +xy_out=rad',
  '+step +proj=push +v_3',
  '+step +proj=cart +ellps=WGS84',
  '+step +inv +proj=helmert +x=485 +y=169.5 +z=483.8 +rx=7.786 +ry=4.398 +rz=4.103 +s=0 +convention=position_vector',
  '+step +inv +proj=cart +ellps=bessel',
  '+step +proj=pop +v_3',
  '+step +proj=krovak +lat_0=49.5 +lon_0=24.8333333333333 +alpha=30.2881397527778 +k=0.9999 +x_0=0 +y_0=0 +ellps=bessel',
].join(' ');

/** WGS84 `[lon, lat]` -> EPSG:5514 `[E, N]` by gdaltransform (gdal-bin). */
export function gdalReference(points: Array<[number, number]>): Array<[number, number]> {
  const input = points.map(([lon, lat]) => `${lon} ${lat}`).join('\n');
  const out = execFileSync('gdaltransform', ['-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:5514', '-ct', EPSG_4836_PIPELINE], {
    input,
    encoding: 'utf8',
  });
  return out
    .trim()
    .split('\n')
    .map((line) => {
      const [e, n] = line.trim().split(/\s+/).map(Number);
      return [e, n];
    });
}

/** Twenty points across Slovakia, from Záhorie to the Ukrainian border (town centres and corners). */
export const SLOVAK_POINTS: Array<[string, number, number]> = [
  ['Bratislava, Hlavné námestie', 17.1077, 48.1436],
  ['Košice, Hlavná', 21.2581, 48.7208],
  ['Banská Bystrica, SNP', 19.1462, 48.7363],
  ['Žilina, Mariánske nám.', 18.7394, 49.2231],
  ['Prešov', 21.2393, 48.9976],
  ['Nitra', 18.0876, 48.3069],
  ['Trnava', 17.5872, 48.3774],
  ['Trenčín', 18.0444, 48.8945],
  ['Poprad', 20.2979, 49.0591],
  ['Štrbské Pleso', 20.0617, 49.1193],
  ['Komárno', 18.1296, 47.7626],
  ['Štúrovo', 18.7183, 47.7993],
  ['Ubľa (east border)', 22.3883, 48.8948],
  ['Nová Sedlica', 22.5190, 49.0563],
  ['Skalica (west)', 17.2262, 48.8447],
  ['Oravská Polhora (north)', 19.4417, 49.5180],
  ['Poltár', 19.7923, 48.4307],
  ['Zvolen', 19.1293, 48.5744],
  ['Rožňava', 20.5314, 48.6608],
  ['Michalovce', 21.9195, 48.7543],
];
