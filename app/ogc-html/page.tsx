// /ogc as HTML (f=html or a browser; next.config.ts rewrites here): the OGC API landing page in the
// site's chrome, with the QGIS how-to.
import type { Metadata } from 'next';
import { LinkList, OgcFrame, QgisHowTo } from '@/components/ogc/ogc-html';
import { env } from '@/lib/env';
import { ogcRoot } from '@/lib/ogc';
import { landingDocument, LANDING_DESCRIPTION, LANDING_TITLE } from '@/lib/ogc/documents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'OGC API – Features a vektorové dlaždice', description: LANDING_DESCRIPTION };

export default function OgcLandingPage() {
  const base = env().publicBaseUrl;
  const doc = landingDocument(base, 'html');
  return (
    <OgcFrame crumbs={[{ label: 'OGC API' }]} testId="ogc-landing">
      <h1>{LANDING_TITLE}</h1>
      <p className="lead">{LANDING_DESCRIPTION}</p>
      <p>
        <a href={`${ogcRoot(base)}/collections?f=html`} data-testid="ogc-collections-link">
          Zoznam kolekcií
        </a>{' '}
        – jedna kolekcia na každý schválený dataset GeoJSON. Dáta len na zobrazenie a neschválené dáta tu nie sú.
      </p>
      <QgisHowTo ogcUrl={ogcRoot(base)} />
      <h2>Odkazy</h2>
      <LinkList links={doc.links} testId="ogc-links" />
    </OgcFrame>
  );
}
