// The map's share tool: the link of the current map, and the embedded map (a chrome-less page at
// EMBED_PATH with the same state) with its <iframe> code for a municipality's own site. Pure.
import { SLOVAKIA_VIEW, effectiveParams, serializeMapState, type MapDefaults, type MapState } from './url-state';

/** The embedded map's page (app/vlozena-mapa): the same query and fragment as the map link. */
const EMBED_PATH = '/vlozena-mapa';
/** The query flag that shows the place search in the embedded map (off by default). */
export const EMBED_SEARCH_PARAM = 'hladanie';

/** The embedded map's address for a map link (`/?d=…#z/lat/lon` on any page): its query kept as written. */
export function embedUrl(mapLink: string, options: { search: boolean }): string {
  const url = new URL(mapLink);
  const query = withoutSearchFlag(url.search);
  const flag = options.search ? `${EMBED_SEARCH_PARAM}=1` : '';
  const search = [query, flag].filter(Boolean).join('&');
  return `${url.origin}${EMBED_PATH}${search ? `?${search}` : ''}${url.hash}`;
}

/** A query string (`?a=1&b=2`) without the search flag, as written otherwise, without its `?`. */
function withoutSearchFlag(search: string): string {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((p) => p && p.split('=')[0] !== EMBED_SEARCH_PARAM)
    .join('&');
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The <iframe> code a site pastes in. */
export function embedCode(src: string, size: { width: string; height: string }): string {
  return `<iframe src="${escapeAttribute(src)}" width="${size.width}" height="${size.height}" style="border:0" loading="lazy" title="Mapa – Geodáta Slovenska" allow="geolocation"></iframe>`;
}

/**
 * The map's state as a link to the full map (`/?…#…`) holding everything, also what the page's own
 * defaults left out of its address (a dataset page's dataset, a composed map's parameters):
 * `ownParams` = each dataset's own parameter defaults.
 */
export function absoluteMapLink(origin: string, state: MapState, defaults: MapDefaults, ownParams: Record<string, Record<string, string>>): string {
  const params = Object.fromEntries(state.datasets.map((k) => [k, effectiveParams(state, defaults, k)]));
  const { search, hash } = serializeMapState({ ...state, params }, { datasets: [], params: ownParams, view: SLOVAKIA_VIEW });
  return `${origin}/${search}${hash}`;
}
