// The geocoding index: one row per searchable name (municipality, city district, part, street,
// address), with its normalised form for trigram and prefix matching.
import { sql } from 'drizzle-orm';
import { index, pgTable, real, text } from 'drizzle-orm/pg-core';
import { geometry } from './types';

export const placeNames = pgTable('place_names', {
  /** `<type>:<reference id>`, e.g. `ulica:40032`. */
  id: text('id').primaryKey(),
  /** obec | mesto | mestská časť | vojenský obvod | časť obce | ulica | adresa | okres | kraj */
  type: text('type').notNull(),
  name: text('name').notNull(),
  /** lower case, without diacritics, punctuation folded to spaces */
  nameNorm: text('name_norm').notNull(),
  municipalityCode: text('municipality_code'),
  point: geometry('point', 'Point').notNull(),
  /** ranking weight (population, address points) */
  weight: real('weight').notNull().default(0),
}, (t) => [
  index('place_names_trgm_idx').using('gin', t.nameNorm.op('gin_trgm_ops')),
  // Typos are looked up first among the ~4,400 names that are not streets (small, fast), then
  // among the ~35,000 streets, each on its own partial GIN index. A GiST index for the streets
  // (KNN by `<->`) took twice the backend CPU of the GIN bitmap and a sort by similarity over the
  // crowd mix's queries (lib/places/README.md), and with both the planner picked the GiST.
  index('place_names_trgm_places_idx').using('gin', t.nameNorm.op('gin_trgm_ops')).where(sql`type <> 'ulica'`),
  index('place_names_trgm_streets_idx').using('gin', t.nameNorm.op('gin_trgm_ops')).where(sql`type = 'ulica'`),
  index('place_names_prefix_idx').on(t.nameNorm.op('text_pattern_ops')),
  index('place_names_muni_idx').on(t.municipalityCode),
]);
export type PlaceNameRow = typeof placeNames.$inferSelect;
