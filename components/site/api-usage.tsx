// How to use a dataset over the API and MCP: ready-to-copy requests for this very dataset.
import type { MapDataset } from '@/lib/map/types';

export function ApiUsage({ dataset, baseUrl, municipality }: { dataset: MapDataset; baseUrl: string; municipality?: string }) {
  const isRaster = dataset.source.type === 'raster';
  const bboxMode = dataset.source.type === 'geojson' && dataset.source.mode === 'bbox';
  const dataUrl = `${baseUrl}${dataset.links.data ?? ''}${bboxMode ? `?bbox=17.10,48.13,17.13,48.16&zoom=${Math.max(12, dataset.coverage?.minZoom ?? 12)}` : ''}`;
  const place = municipality ?? 'Žilina';
  const summaryUrl = `${baseUrl}/api/summary/${dataset.key}?municipality=${encodeURIComponent(place)}`;
  const nearbyUrl = `${baseUrl}/api/nearby?place=${encodeURIComponent(`${place}`)}&datasets=${dataset.key}`;
  const mcpCall = {
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: isRaster
      ? { name: 'nearby', arguments: { place, datasets: [dataset.key] } }
      : { name: 'summary', arguments: { dataset: dataset.key, municipality: place } },
  };
  return (
    <section aria-labelledby="api-title" data-testid="api-usage">
      <h2 id="api-title">Použitie cez API a MCP</h2>
      {!isRaster && dataset.links.data && (
        <>
          <p>Dáta ako GeoJSON cez vyrovnávaciu pamäť portálu{bboxMode ? ' (dataset sa načítava po výrezoch: bbox a zoom sú povinné)' : ''}:</p>
          <pre className="code" tabIndex={0}>
            <code>curl &apos;{dataUrl}&apos;</code>
          </pre>
        </>
      )}
      {isRaster && (
        <p>
          Rastrové dlaždice sa čítajú priamo zo zdroja: <code>{dataset.source.type === 'raster' ? dataset.source.tiles[0] : ''}</code>
        </p>
      )}
      {!dataset.links.data && dataset.links.source && (
        <p>
          Dáta poskytuje pôvodná služba: <a href={dataset.links.source}>{dataset.links.source}</a>
        </p>
      )}
      {!isRaster && (
        <>
          <p>Súhrn pre obec (rovnaké čísla ako na tejto stránke):</p>
          <pre className="code" tabIndex={0}>
            <code>curl &apos;{summaryUrl}&apos;</code>
          </pre>
        </>
      )}
      <p>Čo je v okolí miesta:</p>
      <pre className="code" tabIndex={0}>
        <code>curl &apos;{nearbyUrl}&apos;</code>
      </pre>
      <p>
        MCP server na <code>{baseUrl}/mcp</code> (Streamable HTTP, bez prihlásenia), volanie nástroja:
      </p>
      <pre className="code" tabIndex={0}>
        <code>{JSON.stringify(mcpCall, null, 2)}</code>
      </pre>
    </section>
  );
}
