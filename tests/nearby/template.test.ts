// From tile templates to point queries, and the readers of every answer format (samples in the
// shapes MapServer, GeoServer, QGIS Server and ArcGIS Server write).
import { describe, expect, test } from 'vitest';
import { imageIdentifyUrl, mapIdentifyUrl, parseImageIdentify, parseImageLegend, parseMapIdentify, parseRasterAttributeTable } from '@/lib/nearby/raster/arcgis';
import { pointQueryFor, type ArcGisImageQuerySpec, type ArcGisMapQuerySpec, type WmsQuerySpec } from '@/lib/nearby/raster/template';
import { capabilitiesUrl, chooseInfoFormat, getFeatureInfoUrl, parseCapabilities, parseFeatureInfo, rankInfoFormats, SourceAnswerError } from '@/lib/nearby/raster/wms';
import { toMercator } from '@/lib/nearby/geo';

const WMS13 = 'https://example.sk/geoserver/ows?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=ns:povodne&STYLES=&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=true';

describe('pointQueryFor', () => {
  const cases: Array<{ name: string; tiles: string[]; kind: string }> = [
    { name: 'WMS 1.3.0 GetMap', tiles: [WMS13], kind: 'wms' },
    { name: 'WMS 1.1.1 with SRS, lower-case keys', tiles: ['https://x.sk/wms?service=wms&version=1.1.1&request=GetMap&layers=a&srs=EPSG:900913&bbox={bbox-epsg-3857}'], kind: 'wms' },
    { name: 'MapServer map= vendor parameter', tiles: ['https://x.sk/cgi-bin/mapserv?map=/srv/a.map&SERVICE=WMS&REQUEST=GetMap&LAYERS=a&CRS=EPSG:3857&BBOX={bbox-epsg-3857}'], kind: 'wms' },
    { name: 'ArcGIS MapServer export', tiles: ['https://x.sk/arcgis/rest/services/A/MapServer/export?bbox={bbox-epsg-3857}&layers=show:1,2&f=image'], kind: 'arcgis-map' },
    { name: 'ArcGIS MapServer cached tiles', tiles: ['https://x.sk/arcgis/rest/services/A/MapServer/tile/{z}/{y}/{x}'], kind: 'arcgis-map' },
    { name: 'ArcGIS ImageServer exportImage', tiles: ['https://x.sk/arcgis/rest/services/A/ImageServer/exportImage?bbox={bbox-epsg-3857}&f=image'], kind: 'arcgis-image' },
    { name: 'plain XYZ tiles', tiles: ['https://tile.example.org/{z}/{x}/{y}.png'], kind: 'none' },
    { name: 'WMTS GetTile', tiles: ['https://x.sk/wmts?SERVICE=WMTS&REQUEST=GetTile&LAYER=a&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}'], kind: 'none' },
    { name: 'WMS in S-JTSK (unsupported CRS)', tiles: ['https://x.sk/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=a&CRS=EPSG:5514&BBOX={bbox-epsg-3857}'], kind: 'none' },
    { name: 'the first queryable template wins', tiles: ['https://a.tile.org/{z}/{x}/{y}.png', WMS13], kind: 'wms' },
  ];
  for (const { name, tiles, kind } of cases) {
    test(name, () => {
      expect(pointQueryFor(tiles).kind).toBe(kind);
    });
  }

  test('ArcGIS layer operations map to identify layers', () => {
    const show = pointQueryFor(['https://x.sk/arcgis/rest/services/A/MapServer/export?layers=show:1,2&layerDefs={"1":"A=1"}']) as ArcGisMapQuerySpec;
    expect(show.layers).toBe('all:1,2');
    expect(show.extra).toEqual([{ key: 'layerDefs', value: '{"1":"A=1"}' }]);
    const hide = pointQueryFor(['https://x.sk/arcgis/rest/services/A/MapServer/export?layers=hide:3']) as ArcGisMapQuerySpec;
    expect(hide).toMatchObject({ layers: 'visible', hiddenLayerIds: [3] });
  });
});

describe('GetFeatureInfo URL', () => {
  const spec = pointQueryFor([WMS13]) as WmsQuerySpec;

  test('centre pixel of a 101 x 101 map around the point, in EPSG:3857, template parameters kept', () => {
    const url = new URL(getFeatureInfoUrl(spec, 17.1, 48.15, 16, 'application/json', 7));
    const q = url.searchParams;
    expect(q.get('REQUEST')).toBe('GetFeatureInfo');
    expect(q.get('QUERY_LAYERS')).toBe('ns:povodne');
    expect(q.get('LAYERS')).toBe('ns:povodne');
    expect(q.get('INFO_FORMAT')).toBe('application/json');
    expect(q.get('FEATURE_COUNT')).toBe('7');
    expect([q.get('I'), q.get('J'), q.get('WIDTH'), q.get('HEIGHT')]).toEqual(['50', '50', '101', '101']);
    const [minx, miny, maxx, maxy] = q.get('BBOX')!.split(',').map(Number);
    const [x, y] = toMercator(17.1, 48.15);
    expect((minx + maxx) / 2).toBeCloseTo(x, 3);
    expect((miny + maxy) / 2).toBeCloseTo(y, 3);
    // the point sits in the middle of pixel 50
    expect(minx + ((maxx - minx) / 101) * 50.5).toBeCloseTo(x, 3);
    expect(q.get('TRANSPARENT')).toBeNull();
    expect(q.get('FORMAT')).toBeNull();
  });

  test('WMS 1.3.0 in EPSG:4326 uses latitude-first axis order', () => {
    const s = pointQueryFor(['https://x.sk/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=a&CRS=EPSG:4326&BBOX={bbox-epsg-3857}']) as WmsQuerySpec;
    const [a, b, c, d] = new URL(getFeatureInfoUrl(s, 17.1, 48.15, 16, 'text/plain', 5)).searchParams.get('BBOX')!.split(',').map(Number);
    expect((a + c) / 2).toBeCloseTo(48.15, 6);
    expect((b + d) / 2).toBeCloseTo(17.1, 6);
  });

  test('capabilities URL keeps vendor parameters', () => {
    const s = pointQueryFor(['https://x.sk/cgi-bin/mapserv?map=/srv/a.map&SERVICE=WMS&REQUEST=GetMap&LAYERS=a&CRS=EPSG:3857&BBOX={bbox-epsg-3857}&TIME=2020']) as WmsQuerySpec;
    const q = new URL(capabilitiesUrl(s)).searchParams;
    expect(q.get('map')).toBe('/srv/a.map');
    expect(q.get('REQUEST')).toBe('GetCapabilities');
    expect(q.get('TIME')).toBeNull();
  });
});

describe('INFO_FORMAT negotiation', () => {
  test('JSON before GML before text; unreadable only -> null', () => {
    expect(chooseInfoFormat(['text/html', 'text/plain', 'application/vnd.ogc.gml', 'application/json'])).toBe('application/json');
    expect(chooseInfoFormat(['text/html', 'text/plain', 'application/vnd.ogc.gml/3.1.1'])).toBe('application/vnd.ogc.gml/3.1.1');
    expect(chooseInfoFormat(['text/html', 'text/plain'])).toBe('text/plain');
    expect(chooseInfoFormat(['text/html'])).toBeNull();
    // ArcGIS Server's list: its GeoJSON first, then XML (text/xml is GML at GeoServer), plain text last
    expect(rankInfoFormats(['application/vnd.esri.wms_raw_xml', 'text/html', 'text/plain', 'text/xml', 'application/geojson'])).toEqual([
      'application/geojson',
      'text/xml',
      'application/vnd.esri.wms_raw_xml',
      'text/plain',
    ]);
  });

  test('capabilities: formats, layer titles and queryable flags (inherited)', () => {
    const caps = parseCapabilities(`<?xml version="1.0"?>
      <WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms"><Service><Name>WMS</Name></Service>
      <Capability><Request><GetMap><Format>image/png</Format></GetMap>
        <GetFeatureInfo><Format>text/plain</Format><Format>application/vnd.ogc.gml</Format><Format>text/html</Format></GetFeatureInfo></Request>
        <Layer><Title>Root</Title>
          <Layer queryable="1"><Name>a</Name><Title>Vrstva A</Title><Layer><Name>a1</Name><Title>A1</Title></Layer></Layer>
          <Layer queryable="0"><Name>b</Name><Title>Vrstva B</Title></Layer>
        </Layer></Capability></WMS_Capabilities>`);
    expect(caps.infoFormats).toEqual(['text/plain', 'application/vnd.ogc.gml', 'text/html']);
    expect(caps.layers.get('a')).toEqual({ title: 'Vrstva A', queryable: true });
    expect(caps.layers.get('a1')?.queryable).toBe(true);
    expect(caps.layers.get('b')?.queryable).toBe(false);
  });
});

describe('GetFeatureInfo answers', () => {
  test('GeoServer GeoJSON: layer from the feature id', () => {
    const f = parseFeatureInfo(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', id: 'povodne.12', geometry: null, properties: { TRIEDA: 3, NAZOV: 'Váh' } }] }), 'application/json');
    expect(f).toEqual([{ layer: 'povodne', attrs: [['TRIEDA', 3], ['NAZOV', 'Váh']] }]);
  });

  test('GeoServer GML 2 (wfs:FeatureCollection / gml:featureMember), geometry skipped', () => {
    const f = parseFeatureInfo(`<?xml version="1.0" encoding="UTF-8"?>
      <wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs" xmlns:gml="http://www.opengis.net/gml" xmlns:sk="http://sk">
        <gml:boundedBy><gml:null>unknown</gml:null></gml:boundedBy>
        <gml:featureMember><sk:zosuvy fid="zosuvy.1">
          <sk:the_geom><gml:Point><gml:coordinates>17,48</gml:coordinates></gml:Point></sk:the_geom>
          <sk:TYP>aktívny</sk:TYP><sk:PLOCHA>1200.5</sk:PLOCHA><sk:POZN/>
        </sk:zosuvy></gml:featureMember>
      </wfs:FeatureCollection>`);
    expect(f).toEqual([{ layer: 'zosuvy', attrs: [['TYP', 'aktívny'], ['PLOCHA', '1200.5'], ['POZN', '']] }]);
  });

  test('GeoServer text/plain', () => {
    const f = parseFeatureInfo("Results for FeatureType 'sk:zosuvy':\n--------------------------------------------\nTYP = aktívny\nPLOCHA = 1200.5\n--------------------------------------------\nTYP = potenciálny\nPLOCHA = 80\n--------------------------------------------\n", 'text/plain');
    expect(f).toEqual([
      { layer: 'sk:zosuvy', attrs: [['TYP', 'aktívny'], ['PLOCHA', '1200.5']] },
      { layer: 'sk:zosuvy', attrs: [['TYP', 'potenciálny'], ['PLOCHA', '80']] },
    ]);
  });

  test('QGIS Server text/plain', () => {
    const f = parseFeatureInfo("GetFeatureInfo results\n\nLayer 'Zóny'\nFeature 4\nnazov = 'Zóna A'\nstupen = '2'\n", 'text/plain');
    expect(f).toEqual([{ layer: 'Zóny', attrs: [['nazov', 'Zóna A'], ['stupen', '2']] }]);
  });

  test('QGIS Server text/xml', () => {
    const f = parseFeatureInfo(`<GetFeatureInfoResponse><Layer name="Zóny"><Feature id="4"><Attribute name="nazov" value="Zóna A"/><Attribute name="stupen" value="2"/><Attribute name="geometry" value="POLYGON(...)"/></Feature></Layer><Layer name="Prázdna"/></GetFeatureInfoResponse>`, 'text/xml');
    expect(f).toEqual([{ layer: 'Zóny', attrs: [['nazov', 'Zóna A'], ['stupen', '2']] }]);
  });

  test('ArcGIS Server WMS text/xml (FIELDS) and esri_wms feature info', () => {
    const a = parseFeatureInfo('<?xml version="1.0"?><FeatureInfoResponse xmlns="http://www.esri.com/wms"><FIELDS OBJECTID="7" NAZOV="Flyš" Shape="Polygon"></FIELDS></FeatureInfoResponse>', 'text/xml');
    expect(a).toEqual([{ attrs: [['OBJECTID', '7'], ['NAZOV', 'Flyš']] }]);
    const b = parseFeatureInfo(
      '<esri_wms:FeatureInfoResponse xmlns:esri_wms="http://www.esri.com/wms"><esri_wms:FeatureInfoCollection layername="Geologia"><esri_wms:FeatureInfo><esri_wms:Field><esri_wms:FieldName>HORNINA</esri_wms:FieldName><esri_wms:FieldValue>andezit</esri_wms:FieldValue></esri_wms:Field></esri_wms:FeatureInfo></esri_wms:FeatureInfoCollection></esri_wms:FeatureInfoResponse>',
      'application/vnd.esri.wms_featureinfo_xml',
    );
    expect(b).toEqual([{ layer: 'Geologia', attrs: [['HORNINA', 'andezit']] }]);
  });

  test('empty answers', () => {
    expect(parseFeatureInfo('', 'text/plain')).toEqual([]);
    expect(parseFeatureInfo('GetFeatureInfo results:\n\n  Search returned no results.\n', 'text/plain')).toEqual([]);
    expect(parseFeatureInfo('<msGMLOutput xmlns:gml="http://www.opengis.net/gml"></msGMLOutput>', 'application/vnd.ogc.gml')).toEqual([]);
  });

  test('exception reports and HTML are source errors', () => {
    expect(() => parseFeatureInfo('<ServiceExceptionReport><ServiceException code="LayerNotQueryable">Layer a not queryable</ServiceException></ServiceExceptionReport>')).toThrow(/not queryable/);
    expect(() => parseFeatureInfo('<ows:ExceptionReport xmlns:ows="o"><ows:Exception><ows:ExceptionText>boom</ows:ExceptionText></ows:Exception></ows:ExceptionReport>')).toThrow(SourceAnswerError);
    expect(() => parseFeatureInfo('<html><body>x</body></html>', 'text/html')).toThrow(SourceAnswerError);
    expect(() => parseFeatureInfo('{"error":{"message":"bad"}}')).toThrow(/bad/);
  });
});

describe('ArcGIS identify', () => {
  const map = pointQueryFor(['https://x.sk/arcgis/rest/services/A/MapServer/export?layers=show:0&f=image']) as ArcGisMapQuerySpec;
  const image = pointQueryFor(['https://x.sk/arcgis/rest/services/H/ImageServer/exportImage?bbox={bbox-epsg-3857}&mosaicRule={"mosaicMethod":"esriMosaicNone"}']) as ArcGisImageQuerySpec;

  test('identify URLs', () => {
    const m = new URL(mapIdentifyUrl(map, 17.1, 48.15, 16));
    expect(m.pathname).toBe('/arcgis/rest/services/A/MapServer/identify');
    expect(Object.fromEntries(m.searchParams)).toMatchObject({ geometry: '17.1,48.15', sr: '4326', layers: 'all:0', tolerance: '3', imageDisplay: '101,101,96', returnGeometry: 'false', f: 'json' });
    const i = new URL(imageIdentifyUrl(image, 17.1, 48.15));
    expect(i.pathname).toBe('/arcgis/rest/services/H/ImageServer/identify');
    expect(JSON.parse(i.searchParams.get('geometry')!)).toEqual({ x: 17.1, y: 48.15, spatialReference: { wkid: 4326 } });
    expect(i.searchParams.get('mosaicRule')).toBe('{"mosaicMethod":"esriMosaicNone"}');
  });

  test('answers', () => {
    expect(parseMapIdentify(JSON.stringify({ results: [{ layerId: 0, layerName: 'L', attributes: { A: 1, Shape: 'Polygon' } }, { layerId: 2, layerName: 'H', attributes: {} }] }), [2])).toEqual([{ layer: 'L', attrs: [['A', 1]] }]);
    expect(parseImageIdentify('{"name":"Pixel","value":"NoData"}')).toEqual([]);
    expect(parseImageIdentify('{"name":"Pixel","value":"3"}')).toEqual([{ layer: 'Pixel', attrs: [['value', '3']] }]);
    expect(() => parseMapIdentify('{"error":{"code":500,"message":"Unable to complete operation."}}')).toThrow(/Unable/);
  });

  test('class tables', () => {
    const rat = parseRasterAttributeTable(JSON.stringify({ fields: [{ name: 'OID', type: 'esriFieldTypeOID' }, { name: 'VALUE', type: 'esriFieldTypeInteger' }, { name: 'Opis', type: 'esriFieldTypeString' }], features: [{ attributes: { OID: 1, VALUE: 5, Opis: 'les' } }] }));
    expect([...rat]).toEqual([['5', 'les']]);
    const legend = parseImageLegend(JSON.stringify({ layers: [{ legend: [{ label: 'Voda', values: [1, 2] }, { label: 'High : 255' }] }] }));
    expect([...legend]).toEqual([['1', 'Voda'], ['2', 'Voda']]);
  });
});
