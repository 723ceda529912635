// How a dataset's field (manifest `fields[]`) is named to a person: its label, with the unit in
// brackets. Nearby values, summaries, raster hits and the map's cards name fields this one way.
import type { FieldDef } from '../types';

/** `Label (unit)`, or the label alone. */
export function fieldLabel(field: Pick<FieldDef, 'label' | 'unit'>): string {
  return field.unit ? `${field.label} (${field.unit})` : field.label;
}
