// The offline basemap's attribution for the boundaries in use (server side: it depends on the
// reference data directory). Pages pass it to the map (MapAppProps.basemapAttribution).
import { boundarySource } from '@/lib/reference/boundary-source';
import { BASEMAP_ATTRIBUTION, BASEMAP_ATTRIBUTION_2010 } from './style';

export function basemapAttribution(): string {
  return boundarySource().vintage === 'gku-2019' ? BASEMAP_ATTRIBUTION : BASEMAP_ATTRIBUTION_2010;
}
