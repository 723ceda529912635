// `/mapy`: the list of composed (thematic) maps.
import type { Metadata } from 'next';
import Link from 'next/link';
import { listComposedMaps } from '@/lib/map/composed';

export const metadata: Metadata = {
  title: 'Tematické mapy',
  description: 'Hotové mapy zložené z viacerých datasetov: stavebný pozemok, bývanie, príroda, obyvateľstvo.',
  alternates: { canonical: '/mapy' },
};

export default function ComposedMapsIndex() {
  const maps = listComposedMaps();
  return (
    <>
      <main className="page" data-testid="composed-index">
        <h1>Tematické mapy</h1>
        <p className="lead">Mapy zložené z viacerých datasetov pre konkrétnu otázku.</p>
        <ul className="card-list">
          {maps.map((m) => (
            <li key={m.slug}>
              <h2 style={{ fontSize: 18, margin: '0 0 4px' }}>
                <Link href={`/mapy/${m.slug}`}>{m.title}</Link>
              </h2>
              <p style={{ margin: 0 }}>{m.description}</p>
            </li>
          ))}
        </ul>
      </main>
    </>
  );
}
