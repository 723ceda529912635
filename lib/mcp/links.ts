// Absolute URLs beside the paths of catalog and registration answers: an assistant relays links to a
// person, who needs the whole address. REST keeps the paths (the spec calls them paths).
import { z } from 'zod';

/** `base` + a portal path; null and undefined stay as they are, absolute URLs too. */
export function absolute<T extends string | null | undefined>(base: string, path: T): T {
  return (typeof path === 'string' && path.startsWith('/') ? `${base}${path}` : path) as T;
}

export const catalogAbsoluteLinks = z
  .object({
    data: z.string().nullable().describe('Absolute URL of the data endpoint; null for raster and display-only datasets.'),
    map: z.string().describe('Absolute URL of the dataset page on the portal map.'),
    source: z.string().optional().describe('Display-only datasets: address of the original service.'),
    ogc: z.string().optional().describe('Absolute URL of the OGC API – Features collection (QGIS: add the portal’s /ogc as a WFS / OGC API – Features layer).'),
    tiles: z.string().optional().describe('Absolute vector tile template of that collection (`{z}/{y}/{x}`).'),
  })
  .describe('`links` as absolute URLs (from PUBLIC_BASE_URL), to hand to a person.');

export const registrationAbsoluteLinks = z
  .object({
    review: z.string().describe('Absolute URL of the unapproved-data overview at the provider.'),
    datasets: z.array(z.string()).describe('Absolute URLs of the dataset pages.'),
  })
  .describe('`links` as absolute URLs (from PUBLIC_BASE_URL), to hand to a person.');
