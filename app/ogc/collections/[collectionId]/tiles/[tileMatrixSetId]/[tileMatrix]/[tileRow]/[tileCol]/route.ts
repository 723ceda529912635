// GET /ogc/collections/{collectionId}/tiles/{tileMatrixSetId}/{z}/{y}/{x}: a Mapbox Vector Tile.
import { ogc, ogcTile } from '@/lib/ogc';
import { preflight, route } from '@/lib/http';

export const dynamic = 'force-dynamic';
type Params = { collectionId: string; tileMatrixSetId: string; tileMatrix: string; tileRow: string; tileCol: string };
export const GET = route<Params>(async (req, { params }) => {
  const { collectionId, ...address } = await params;
  return ogcTile(req, (query) => ogc.tile(collectionId, { tileMatrixSet: address.tileMatrixSetId, ...address }, query));
});
export const OPTIONS = preflight;
