'use client';
// The catalog panel on the left: its search over titles, descriptions, providers and keywords, the
// datasets on the map ("Na mape") and the categories with a checkbox per dataset.
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { catalogGroups, isSample, presentationView } from '@/lib/map/catalog';
import { swatchColor } from '@/lib/map/colors';
import type { LoadState } from '@/lib/map/loads';
import type { MapDataset } from '@/lib/map/types';
import { foldDiacritics } from '@/lib/protocol/shared/text';
import { EnabledDataset } from './enabled-dataset';
import type { LayerView } from './use-layer-states';

function searchText(d: MapDataset): string {
  return foldDiacritics([d.title, d.description, d.providerName, d.categoryLabel, ...(d.keywords ?? []), ...(d.useCases ?? [])].filter(Boolean).join(' '));
}

/** The catalog's datasets matching every word of the search (diacritics folded), in their groups. */
function useCatalogSearch(datasets: MapDataset[], samples: boolean) {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => {
    const words = foldDiacritics(query).trim().split(/\s+/).filter(Boolean);
    const filtered = datasets.filter((d) => (samples || !isSample(d)) && words.every((w) => searchText(d).includes(w)));
    return catalogGroups(filtered, query.length > 0);
  }, [datasets, query, samples]);
  return { query, setQuery, groups };
}

export interface CatalogPanelProps {
  datasets: MapDataset[];
  enabled: MapDataset[];
  /** The keys on the map (the link's `d`). */
  selected: string[];
  loads: Record<string, LoadState>;
  /** Each enabled layer's state (use-layer-states.ts). */
  layers: Record<string, LayerView>;
  paramsOf: (key: string) => Record<string, string>;
  zoom: number;
  open: boolean;
  onOpen: (open: boolean) => void;
  onToggle: (key: string, on: boolean) => void;
  onParam: (key: string, param: string, value: string) => void;
  onSelectObject: (key: string, properties: Record<string, unknown>) => void;
  /** "Skúsiť znova" of a failed layer. */
  onRetry: (key: string) => void;
  /** Embedded in a page: no links to the site's other sections. */
  embedded: boolean;
}

export function CatalogPanel(props: CatalogPanelProps) {
  const { open } = props;
  // The body is rendered once the panel has been opened (and kept after): on a phone and on the pages
  // with an embedded map it starts closed, and its list is not worth a phone's first seconds.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return (
    <aside className={open ? 'catalog-panel open' : 'catalog-panel'} data-testid="catalog-panel" aria-label="Katalóg datasetov">
      <button type="button" className="panel-toggle" aria-expanded={open} aria-controls="catalog-body" onClick={() => props.onOpen(!open)} data-testid="catalog-toggle">
        {open ? '‹ Skryť katalóg' : '☰ Katalóg'}
      </button>
      <div id="catalog-body" className="catalog-body" hidden={!open}>
        {opened && <CatalogBody {...props} />}
      </div>
    </aside>
  );
}

function CatalogBody(props: CatalogPanelProps) {
  const { datasets, enabled, selected, loads, embedded } = props;
  // The built-in samples (examples for providers, not data) are listed only when switched on.
  const [samples, setSamples] = useState(false);
  const hasSamples = useMemo(() => datasets.some(isSample), [datasets]);
  const { query, setQuery, groups } = useCatalogSearch(datasets, samples);
  return (
    <>
      <label htmlFor="catalog-search" className="visually-hidden">
        Hľadať dataset
      </label>
      <input
        id="catalog-search"
        type="search"
        placeholder="Hľadať dataset (napr. záplavy, obyvatelia)…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        data-testid="catalog-search"
      />

      {enabled.length > 0 && (
        <section className="enabled" aria-labelledby="enabled-title">
          <h2 id="enabled-title">Na mape</h2>
          {enabled.map((d) => (
            <EnabledDataset
              key={d.key}
              dataset={d}
              load={loads[d.key]}
              layer={props.layers[d.key] ?? { state: 'none', failure: null }}
              params={props.paramsOf(d.key)}
              zoom={props.zoom}
              onParam={(p, v) => props.onParam(d.key, p, v)}
              onOff={() => props.onToggle(d.key, false)}
              onSelect={(properties) => props.onSelectObject(d.key, properties)}
              onRetry={() => props.onRetry(d.key)}
            />
          ))}
        </section>
      )}

      <nav aria-label="Kategórie datasetov" className="categories">
        {groups.length === 0 && <p className="muted">Nič sa nenašlo.</p>}
        {groups.map(({ label, sample, open: groupOpen, datasets: list }) => (
          <details key={label} open={groupOpen} data-testid={sample ? 'catalog-samples' : undefined}>
            <summary>
              {label} <span className="muted">({list.length})</span>
              {sample && <span className="muted small"> · ukážky protokolu, nie skutočné údaje</span>}
            </summary>
            <ul>
              {list.map((d) => (
                <li key={d.key}>
                  <label className="dataset-toggle">
                    <input type="checkbox" checked={selected.includes(d.key)} onChange={(e) => props.onToggle(d.key, e.target.checked)} data-testid={`dataset-toggle-${d.key}`} />
                    <span className="swatch" style={{ background: d.source.type === 'raster' ? '#9aa3ad' : swatchColor(presentationView(d.presentation).color) }} aria-hidden="true" />
                    <span>
                      {d.title}
                      {isSample(d) && <span className="sample-badge">ukážka</span>}
                      <span className="muted small"> · {d.providerName}</span>
                    </span>
                  </label>
                  <a href={d.links.map} className="small" aria-label={`O datasete ${d.title}`}>
                    info
                  </a>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </nav>
      {hasSamples && (
        <label className="samples-switch small">
          <input type="checkbox" checked={samples} onChange={(e) => setSamples(e.target.checked)} data-testid="catalog-samples-switch" />
          <span>Ukážkové dáta (príklady pre poskytovateľov, nie skutočné údaje)</span>
        </label>
      )}
      {!embedded && (
        <footer className="catalog-footer small">
          <Link href="/mapy">Tematické mapy</Link> · <Link href="/poskytovatelia">Pre poskytovateľov</Link> · <Link href="/dokumentacia">Dokumentácia</Link> ·{' '}
          <Link href="/neschvalene-data">Neschválené dáta</Link> · <Link href="/vyhlasenie-o-pristupnosti">Vyhlásenie o prístupnosti</Link>
        </footer>
      )}
    </>
  );
}
