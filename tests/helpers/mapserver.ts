// A real MapServer (Debian's `mapserv` CGI) on 127.0.0.1 for the raster point-query suites: a small
// flood-depth class GeoTIFF (EPSG:3857, made with gdal_translate from an ASCII grid) and a GeoJSON
// vector layer of hazard zones, both near Bratislava, served over WMS with GetFeatureInfo in
// GeoJSON, GML and plain text. Nothing is mocked: the portal's guarded client talks HTTP to a tiny
// node:http front that runs `mapserv` as a CGI program per request.
//
//   const ms = await startMapServer();            // or ({ port }): a fixed port (the e2e server allows it over http)
//                                                 // variants: full (json,gml,text), gml, text
//   ms.template('full', ['hlbka', 'zony'])        // a GetMap tile template for a manifest
//   MAPSERVER_RASTER.valueAt(lon, lat)            // the class the GeoTIFF holds at a point
//   await ms.close();
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { toMercator } from '@/lib/protocol/shared/geo';

/** The class raster: 20 x 12 cells of 1 km in EPSG:3857 from (17.0 E, 48.1 N) north-east. */
export const MAPSERVER_RASTER = {
  origin: toMercator(17.0, 48.1),
  cell: 1000,
  cols: 20,
  rows: 12,
  nodata: -9999,
  /** Depth class by column (1..4); the two northernmost rows of the three westernmost columns are no data. */
  cellValue(col: number, row: number): number {
    return row < 2 && col < 3 ? -9999 : 1 + Math.floor(col / 5);
  },
  /** The value at a point, as MapServer reports it (`value_0`), or null outside / no data. */
  valueAt(lon: number, lat: number): number | null {
    const [x, y] = toMercator(lon, lat);
    const col = Math.floor((x - this.origin[0]) / this.cell);
    const rowFromBottom = Math.floor((y - this.origin[1]) / this.cell);
    if (col < 0 || col >= this.cols || rowFromBottom < 0 || rowFromBottom >= this.rows) return null;
    const v = this.cellValue(col, this.rows - 1 - rowFromBottom);
    return v === this.nodata ? null : v;
  },
};

/** Hazard zones: two squares side by side (attribute names as a source would write them). */
export const MAPSERVER_ZONES = [
  { nazov: 'Zóna A', stupen: 2, kod: 'A1', bbox: [17.0, 48.1, 17.1, 48.2] },
  { nazov: 'Zóna B', stupen: 3, kod: 'B7', bbox: [17.1, 48.1, 17.2, 48.2] },
] as const;

/** WMS variants, each its own mapfile: which INFO_FORMATs GetFeatureInfo offers. */
const MAPSERVER_VARIANTS = {
  /** GeoJSON (one layer at a time, as MapServer's OGR output can), GML and text. */
  full: ['geojson', 'application/vnd.ogc.gml', 'text/plain'],
  gml: ['application/vnd.ogc.gml'],
  text: ['text/plain'],
} as const;
type MapServerVariant = keyof typeof MAPSERVER_VARIANTS;

export interface MapServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  host: string;
  /** GetMap tile template (EPSG:3857, `{bbox-epsg-3857}`) for a variant and layers. */
  template(variant: MapServerVariant, layers: string[], version?: '1.1.1' | '1.3.0'): string;
  /** A WFS 2.0 GetCapabilities URL of the zones as feature type `zony` (GeoJSON GetFeature). */
  wfsCapabilities: string;
  /** The same WFS whose feature types default to EPSG:3857 (Web Mercator, EPSG:4326 offered too). */
  wfs3857Capabilities: string;
  /** Requests received per variant (for checks that capabilities are cached). */
  requests(variant?: MapServerVariant): string[];
  close(): Promise<void>;
}

export function mapserverAvailable(): boolean {
  try {
    execFileSync('mapserv', ['-v'], { stdio: 'pipe' });
    execFileSync('gdal_translate', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

function writeData(dir: string): { raster: string; vector: string } {
  const R = MAPSERVER_RASTER;
  const lines = [
    `ncols ${R.cols}`,
    `nrows ${R.rows}`,
    `xllcorner ${R.origin[0]}`,
    `yllcorner ${R.origin[1]}`,
    `cellsize ${R.cell}`,
    `NODATA_value ${R.nodata}`,
  ];
  for (let row = 0; row < R.rows; row++) {
    const cells: number[] = [];
    for (let col = 0; col < R.cols; col++) cells.push(R.cellValue(col, row));
    lines.push(cells.join(' '));
  }
  const asc = path.join(dir, 'hlbka.asc');
  const raster = path.join(dir, 'hlbka.tif');
  writeFileSync(asc, `${lines.join('\n')}\n`);
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-ot', 'Int16', '-a_srs', 'EPSG:3857', asc, raster], { stdio: 'pipe' });
  const vector = path.join(dir, 'zony.geojson');
  writeFileSync(
    vector,
    JSON.stringify({
      type: 'FeatureCollection',
      name: 'zony',
      features: MAPSERVER_ZONES.map(({ bbox: [a, b, c, d], ...props }) => ({
        type: 'Feature',
        properties: props,
        geometry: { type: 'Polygon', coordinates: [[[a, b], [c, b], [c, d], [a, d], [a, b]]] },
      })),
    }),
  );
  return { raster, vector };
}

function mapfile(dir: string, onlineResource: string, formats: readonly string[], data: { raster: string; vector: string }): string {
  return `MAP
  NAME "test"
  EXTENT 16.5 47.5 22.8 49.8
  SIZE 256 256
  UNITS DD
  PROJECTION "init=epsg:4326" END
  IMAGETYPE png
  WEB
    METADATA
      "wms_title" "Testovacia služba"
      "wms_onlineresource" "${onlineResource}"
      "wms_srs" "EPSG:4326 EPSG:3857"
      "wms_enable_request" "*"
      "wms_getfeatureinfo_formatlist" "${formats.join(',')}"
    END
  END
  OUTPUTFORMAT
    NAME "geojson"
    DRIVER "OGR/GEOJSON"
    MIMETYPE "application/json; subtype=geojson"
    FORMATOPTION "STORAGE=stream"
    FORMATOPTION "FORM=SIMPLE"
  END
  LAYER
    NAME "hlbka"
    TYPE RASTER
    STATUS ON
    DATA "${data.raster}"
    PROJECTION "init=epsg:3857" END
    TEMPLATE "query"
    METADATA
      "wms_title" "Hĺbka vody pri povodni"
      "wms_include_items" "all"
      "gml_include_items" "all"
    END
  END
  LAYER
    NAME "zony"
    TYPE POLYGON
    STATUS ON
    CONNECTIONTYPE OGR
    CONNECTION "${data.vector}"
    DATA "zony"
    PROJECTION "init=epsg:4326" END
    TEMPLATE "query"
    METADATA
      "wms_title" "Zóny ohrozenia"
      "wms_include_items" "all"
      "gml_include_items" "all"
    END
    CLASS STYLE COLOR 200 40 40 END END
  END
END
`;
}

/**
 * A WFS 2.0 mapfile serving the hazard zones as feature type `zony` (GeoJSON output, typed attributes).
 * `srs`: the service's CRSs, the first the feature types' DefaultCRS (the data stay EPSG:4326; MapServer
 * reprojects).
 */
function wfsMapfile(onlineResource: string, data: { vector: string }, srs = 'EPSG:4326'): string {
  return `MAP
  NAME "wfs"
  EXTENT 16.5 47.5 22.8 49.8
  UNITS DD
  PROJECTION "init=epsg:4326" END
  WEB
    METADATA
      "wfs_title" "Testovacia WFS služba"
      "wfs_abstract" "Zóny ohrozenia pri Bratislave"
      "wfs_onlineresource" "${onlineResource}"
      "wfs_srs" "${srs}"
      "wfs_enable_request" "*"
      "wfs_getfeature_formatlist" "geojson"
    END
  END
  OUTPUTFORMAT
    NAME "geojson"
    DRIVER "OGR/GEOJSON"
    MIMETYPE "application/json"
    FORMATOPTION "STORAGE=stream"
    FORMATOPTION "FORM=SIMPLE"
  END
  LAYER
    NAME "zony"
    TYPE POLYGON
    STATUS ON
    CONNECTIONTYPE OGR
    CONNECTION "${data.vector}"
    DATA "zony"
    PROJECTION "init=epsg:4326" END
    TEMPLATE "query"
    METADATA
      "wfs_title" "Zóny ohrozenia povodňou"
      "wfs_abstract" "Zóny ohrozenia podľa stupňa"
      "wfs_extent" "17.0 48.1 17.2 48.2"
      "gml_include_items" "all"
      "gml_types" "auto"
      "gml_featureid" "kod"
    END
  END
END
`;
}

/** Runs mapserv as a CGI program and splits its CGI headers from the body. */
function runCgi(configFile: string, query: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const child = spawn('mapserv', [], {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        MAPSERVER_CONFIG_FILE: configFile,
        REQUEST_METHOD: 'GET',
        QUERY_STRING: query,
        SERVER_NAME: '127.0.0.1',
        GATEWAY_INTERFACE: 'CGI/1.1',
      } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => {
      const out = Buffer.concat(chunks);
      let sep = out.indexOf('\r\n\r\n');
      let sepLen = 4;
      const lf = out.indexOf('\n\n');
      if (sep < 0 || (lf >= 0 && lf < sep)) {
        sep = lf;
        sepLen = 2;
      }
      if (sep < 0) return resolve({ status: 502, headers: { 'content-type': 'text/plain' }, body: out });
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of out.subarray(0, sep).toString('latin1').split(/\r?\n/)) {
        const i = line.indexOf(':');
        if (i < 0) continue;
        const k = line.slice(0, i).trim().toLowerCase();
        const v = line.slice(i + 1).trim();
        if (k === 'status') status = parseInt(v, 10) || 200;
        else headers[k] = v;
      }
      resolve({ status, headers, body: out.subarray(sep + sepLen) });
    });
  });
}

export async function startMapServer({ port: fixedPort = 0 }: { port?: number } = {}): Promise<MapServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-mapserver-'));
  const data = writeData(dir);
  const log: Array<{ variant: string; query: string }> = [];
  const configs = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const m = /^\/([a-z0-9]+)\/(?:wms|wfs)$/.exec(url.pathname);
    const config = m ? configs.get(m[1]) : undefined;
    if (!m || !config) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const query = url.search.slice(1);
    log.push({ variant: m[1], query });
    runCgi(config, query).then(
      ({ status, headers, body }) => {
        res.writeHead(status, { ...headers, 'content-length': String(body.length) }).end(body);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(fixedPort, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  for (const [variant, formats] of Object.entries(MAPSERVER_VARIANTS)) {
    const map = path.join(dir, `${variant}.map`);
    writeFileSync(map, mapfile(dir, `${base}/${variant}/wms?`, formats, data));
    const conf = path.join(dir, `${variant}.conf`);
    // MapServer 8 reads its configuration first; the mapfile is fixed per variant by MS_MAPFILE.
    writeFileSync(conf, `CONFIG\n  ENV\n    MS_MAPFILE "${map}"\n  END\nEND\n`);
    configs.set(variant, conf);
  }
  const wfsMap = path.join(dir, 'wfs.map');
  writeFileSync(wfsMap, wfsMapfile(`${base}/wfs/wfs?`, data));
  const wfsConf = path.join(dir, 'wfs.conf');
  writeFileSync(wfsConf, `CONFIG\n  ENV\n    MS_MAPFILE "${wfsMap}"\n  END\nEND\n`);
  configs.set('wfs', wfsConf);
  const wfs3857Map = path.join(dir, 'wfs3857.map');
  writeFileSync(wfs3857Map, wfsMapfile(`${base}/wfs3857/wfs?`, data, 'EPSG:3857 EPSG:4326'));
  const wfs3857Conf = path.join(dir, 'wfs3857.conf');
  writeFileSync(wfs3857Conf, `CONFIG\n  ENV\n    MS_MAPFILE "${wfs3857Map}"\n  END\nEND\n`);
  configs.set('wfs3857', wfs3857Conf);
  return {
    url: base,
    host: `127.0.0.1:${port}`,
    template(variant, layers, version = '1.3.0') {
      const crs = version === '1.3.0' ? 'CRS' : 'SRS';
      return `${base}/${variant}/wms?SERVICE=WMS&VERSION=${version}&REQUEST=GetMap&LAYERS=${layers.join(',')}&STYLES=&${crs}=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE`;
    },
    wfsCapabilities: `${base}/wfs/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities`,
    wfs3857Capabilities: `${base}/wfs3857/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities`,
    requests(variant) {
      return log.filter((r) => !variant || r.variant === variant).map((r) => r.query);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
