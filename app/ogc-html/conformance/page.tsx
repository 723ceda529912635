// /ogc/conformance as HTML: the declared conformance classes.
import type { Metadata } from 'next';
import { OgcFrame } from '@/components/ogc/ogc-html';
import { env } from '@/lib/env';
import { ogcRoot } from '@/lib/ogc';
import { conformanceDocument } from '@/lib/ogc/documents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'OGC API – triedy zhody' };

export default function OgcConformancePage() {
  const base = env().publicBaseUrl;
  const doc = conformanceDocument(base, 'html');
  return (
    <OgcFrame crumbs={[{ href: `${ogcRoot(base)}?f=html`, label: 'OGC API' }, { label: 'Triedy zhody' }]} testId="ogc-conformance">
      <h1>Triedy zhody</h1>
      <p className="lead">Časti noriem OGC API, ktoré portál spĺňa (každú overujú testy portálu).</p>
      <ul data-testid="ogc-conformance-list">
        {doc.conformsTo.map((c) => (
          <li key={c}>
            <a href={c}>{c}</a>
          </li>
        ))}
      </ul>
      <p>
        <a href={`${ogcRoot(base)}/conformance?f=json`}>JSON</a>
      </p>
    </OgcFrame>
  );
}
