// The OGC API face of the portal (OGC API – Features Part 1 and vector tiles under /ogc): a second
// face of the data proxy's cache. See README.md in this folder.
export * as ogc from './service';
export { collectionRoute, ogcJson, ogcNotFound, ogcTile } from './http';
export { ogcRoot } from './links';
