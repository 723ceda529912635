'use client';
// The basemap switcher (Mapa / Ortofoto / Offline) and its note when a raster basemap failed.
import { BASEMAP_LABELS, type BasemapId } from '@/lib/map/basemaps';

export function BasemapSwitcher({
  choice,
  active,
  options,
  onChoose,
}: {
  choice: BasemapId;
  active: BasemapId;
  options: BasemapId[];
  onChoose: (id: BasemapId) => void;
}) {
  return (
    <fieldset className="basemap-switcher" data-testid="basemap-switcher" data-active={active}>
      <legend className="visually-hidden">Podkladová mapa</legend>
      {options.map((id) => (
        <label key={id} className={id === choice ? 'chosen' : undefined}>
          <input type="radio" name="basemap" value={id} checked={id === choice} onChange={() => onChoose(id)} data-testid={`basemap-${id}`} />
          {id === 'zbgis' ? 'Mapa' : id === 'ortofoto' ? 'Ortofoto' : 'Offline'}
          <span className="visually-hidden"> – {BASEMAP_LABELS[id]}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function BasemapNote({ note, onDismiss }: { note: string; onDismiss: () => void }) {
  return (
    <p className="basemap-note small" role="status" data-testid="basemap-note">
      <span>{note}</span>
      <button type="button" className="icon-button" aria-label="Skryť oznam o podkladovej mape" onClick={onDismiss}>
        ×
      </button>
    </p>
  );
}
